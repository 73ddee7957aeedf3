declare const __DOCSCTL_VERSION__: string | undefined;

/** Set by the build (and by the test config); a source run without either says so. */
export const VERSION: string = typeof __DOCSCTL_VERSION__ === 'string' ? __DOCSCTL_VERSION__ : '0.0.0-dev';
