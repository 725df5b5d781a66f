/** What the demo seed created before the master data: ids by natural key. */
export interface DemoContext {
  /** pry_id by pry_codigo ('PRY-001', 'PRY-002'). */
  projectIds: Map<string, number>;
  /** usu_id by e-mail of DEMO_USERS. */
  userIds: Map<string, number>;
  /** pve_id of the demo supplier (RUC 20501234568), the one with a portal account. */
  supplierId: number;
}
