/** A plan item in progress: a todo (by its text) or a task (by its id). */
export interface PlanItem {
  /** Stable while the item exists: `todo:<content>` or `task:<id>`. */
  key: string;
  /** What the user reads: the todo's text, `#3 Run the tests`. */
  text: string;
}

/** "Allow for this item": a rule that holds while its plan item is in progress. */
export interface ItemGrant {
  rule: string;
  item: PlanItem;
}

/**
 * The session's grants for a plan item. A grant holds while its item is in progress and
 * ends the first time it is not (completed, or moved back): `prune` is given the items in
 * progress before each question.
 */
export class ItemGrants {
  private grants: ItemGrant[] = [];

  add(rule: string, item: PlanItem): void {
    if (!this.covers(rule)) this.grants.push({ rule, item });
  }

  /** Ends the grants whose item is no longer in progress. */
  prune(inProgress: readonly PlanItem[]): void {
    const keys = new Set(inProgress.map((item) => item.key));
    this.grants = this.grants.filter((grant) => keys.has(grant.item.key));
  }

  /** Does a grant allow calls whose "allow always" rule is `rule`? */
  covers(rule: string): boolean {
    return this.grants.some((grant) => grant.rule === rule);
  }

  list(): readonly ItemGrant[] {
    return this.grants;
  }
}
