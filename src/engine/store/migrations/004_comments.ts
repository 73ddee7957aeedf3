/** Comments and replies on spaces and change requests, with reactions. (Filled in by issue 5.) */
export const sql = ``;
