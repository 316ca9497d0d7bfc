import { type SQL, sql } from 'drizzle-orm';

/**
 * Parent links deeper than this are a cycle guard, not real structure; olo_effective_limit_id
 * (migration 0015) stops at the same depth.
 */
const maxOrganizationDepth = 32;

/**
 * `chain(root, id, depth)`, a recursive CTE to follow `with recursive`: each organization of
 * `organizationIds` (its own root, depth 0) and every organization above it. `organizationIds` is
 * what follows `in`: a parenthesized list or a subquery.
 */
export function organizationChain(organizationIds: SQL): SQL {
  return sql`chain(root, id, depth) as (
      select o.id, o.id, 0 from organizations o where o.id in ${organizationIds}
      union all
      select c.root, o.parent_id, c.depth + 1 from organizations o join chain c on o.id = c.id
      where o.parent_id is not null and c.depth < ${maxOrganizationDepth}
    )`;
}

/**
 * `reach(id)`, a recursive CTE to follow `with recursive`: each organization of `organizationIds`
 * (what follows `in`) and every organization below it. It needs no depth bound: `union` drops the
 * rows it has already, so a cycle ends the walk.
 */
export function organizationReach(organizationIds: SQL): SQL {
  return sql`reach(id) as (
      select o.id from organizations o where o.id in ${organizationIds}
      union
      select o.id from organizations o join reach r on o.parent_id = r.id
    )`;
}
