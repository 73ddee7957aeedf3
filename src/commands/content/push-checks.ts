import { posix } from 'node:path';
import { ContentChange } from '../../api/schemas/content';
import { formatIssues } from '../../api/format-issues';
import type { Change } from '../../domain/content-change';
import { fileNameProblem } from '../../domain/file-name';
import { fileSizeRule } from '../../domain/file-size';
import type { LocalAsset, LocalPage } from '../../content-tree/local-tree';
import { isConfigFile } from '../../content-tree/gitbook-config';

/** What the API takes of a file's name and Git Sync path (the write route's schema). */
const MAX_NAME = 256;
const MAX_GIT_PATH = 512;

/**
 * Every reason the instance would refuse part of a push, found before anything is sent: files over
 * its size bound or with a name it refuses, and page changes its schema refuses. Each names the local
 * file (`where` turns a path relative to the content root into what the user typed).
 */
export function pushProblems(
  uploads: LocalAsset[],
  changes: Change[],
  describe: (change: Change) => string,
  maxFileSize: number | undefined,
  where: (file: string) => string,
): string[] {
  const problems: string[] = [];
  for (const asset of uploads) {
    const name = asset.name ?? asset.file;
    if (maxFileSize !== undefined && asset.size > maxFileSize) problems.push(`${where(asset.file)}: ${fileSizeRule(maxFileSize)} (it is ${asset.size} bytes)`);
    const nameProblem = fileNameProblem(name) ?? (name.length > MAX_NAME ? `must be at most ${MAX_NAME} characters` : undefined);
    if (nameProblem) problems.push(`${where(asset.file)}: its name ${nameProblem}`);
    else if (asset.file.length > MAX_GIT_PATH) problems.push(`${where(asset.file)}: its path must be at most ${MAX_GIT_PATH} characters`);
  }
  for (const change of changes) {
    const result = ContentChange.safeParse(change);
    if (result.success) continue;
    problems.push(`${describe(change)}: ${formatIssues(result.error.issues)}`);
  }
  return problems;
}

/**
 * What a change stands for to the user: the local file of its page or reusable content (`docs/a.md`),
 * with the title for a page a SUMMARY.md entry makes (a group, a link).
 */
export function describer(originOf: (change: Change) => LocalPage | undefined, where: (file: string) => string) {
  return (change: Change): string => {
    const page = originOf(change);
    if (page) return page.git ? where(page.git) : `${where(page.file)} (${JSON.stringify(page.title)})`;
    if ('git' in change && change.git) return where(change.git.path);
    return change.operation;
  };
}

/** `file` (relative to the content root; the configuration at the top) as the user named the folder: `docs/images/a.png`. */
export const whereIn = (folder: string, root: string) => (file: string) => posix.join(folder.replace(/\\/g, '/'), isConfigFile(file) ? '' : root, file);
