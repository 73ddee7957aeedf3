/**
 * References of the tree and the link destinations of markdown. Content names its files
 * `/files/<id>` (content push rewrites links to files so): that is the platform's file reference
 * `{ kind: "file", file: id }`; any other destination (a URL, a page's relative path) is a URL reference.
 */
import type { FileRef, UrlRef } from './types';

const FILE_LINK = /^\/files\/([^/?#\s]+)$/;

export function refOf(destination: string): UrlRef | FileRef {
  const file = FILE_LINK.exec(destination)?.[1];
  return file ? { kind: 'file', file } : { kind: 'url', url: destination };
}

export function destinationOf(ref: UrlRef | FileRef): string {
  return ref.kind === 'file' ? `/files/${ref.file}` : ref.url;
}

/**
 * A file block's `src`: `/files/<id>` is the file's id; another (a path a Git Sync folder keeps the
 * file at) stays as it is, since markdown names the file so. Written back, a name without `/`, `.`
 * or `:` is an id.
 */
export const fileOfSrc = (src: string): FileRef => ({ kind: 'file', file: FILE_LINK.exec(src)?.[1] ?? src });
export const srcOfFile = (ref: FileRef): string => (/[/.:]/.test(ref.file) ? ref.file : `/files/${ref.file}`);
