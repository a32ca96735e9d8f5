// The table naming lives in shared/ so the studio's New-schema form can show `Person → people`
// exactly as the engine will name the table; the engine keeps importing it from here.
export { snakeCase, tableNameFor } from '../../../shared/src/table-name.js';
