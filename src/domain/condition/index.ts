/** The condition language of adaptive content: parsing, the claims a condition names, evaluation and adapting a structure. */
export { parseCondition, MAX_CONDITION_CHARS, MAX_CONDITION_DEPTH } from './parse';
export { ConditionError, claimPath, claimsIn, type ConditionNode } from './syntax';
export { holds, NO_CLAIMS, type VisitorClaims } from './evaluate';
export { shows, adaptSections, adaptSiteSpaces } from './adapt';
export { readUnsignedClaims, MAX_UNSIGNED_CHARS, type ClaimValue } from './unsigned';
