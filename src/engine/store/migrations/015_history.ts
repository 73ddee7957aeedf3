/**
 * History that names people (issue 30). An audit record keeps, as they were when it was written (people
 * and titles change later): the actor (`actor`, JSON `{ id, displayName, email }`), the token's name, and
 * each target's id, kind and title (`target_details`, JSON `[{ name, id, kind, title }]`). Records written
 * before this migration keep NULL there and print with their ids. A revision keeps who made it
 * (`created_by`, a user id; NULL for revisions made before, and for a space's first, empty revision).
 */
export const sql = `
ALTER TABLE audit_log ADD COLUMN actor TEXT;
ALTER TABLE audit_log ADD COLUMN token_name TEXT;
ALTER TABLE audit_log ADD COLUMN target_details TEXT;
ALTER TABLE revisions ADD COLUMN created_by TEXT;
CREATE INDEX revisions_by_space_time ON revisions (space_id, created_at);
`;
