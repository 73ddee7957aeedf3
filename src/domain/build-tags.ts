/**
 * What a site's reader and `sites build` agree on (server/site/build-tags.ts): the header a page
 * everyone sees alike carries its site space's tag in, and the file at a site's root listing the tags
 * current at that address.
 */
export const BUILD_TAGS = '~build-tags.json';
export const SPACE_TAG_HEADER = 'x-docsctl-space-tag';
