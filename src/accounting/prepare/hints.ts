/**
 * "Did you mean" hints of the preparation's problems (docs/errors.md: a misspelled reference names
 * the nearest valid name): the id, key or name nearest to one that names nothing
 * (model/nearest-name.ts, within its own threshold), and the nearest spelling of a unit that cannot
 * be read. A hint is looked for only when its problem is reported, and within a budget of
 * candidates per preparation: a document of 100,000s of ids in which as many references are
 * misspelled would otherwise compare every one with every id (a few tenths of a microsecond each);
 * once the budget is spent, problems come without a hint. Internal to preparation.
 *
 * Owns: the hint texts and their budget. May import: model, units.
 */
import { nearestName } from '../../model/nearest-name';
import { parseUnit, UnitError } from '../../units';

/**
 * Candidates compared, at most, by the hints of one preparation: 10 names looked for among 100,000
 * ids, about half a second on a loaded machine (a document of 100,000 components each naming a
 * datapoint that does not exist took 1.9 s to refuse with twice this budget, 1.0 s without hints).
 */
export const HINT_BUDGET = 1_000_000;

/** The hints of one preparation, with what is left of its budget. */
export class NameHints {
  private remaining: number;

  constructor(budget = HINT_BUDGET) {
    this.remaining = budget;
  }

  /**
   * `; did you mean 'x'?` for the candidate nearest to `name`, or '' when none is near enough (or
   * the budget would be exceeded). `candidates` may have holes (an id index's positions); ties go to
   * the earliest (nearestName), so a hint does not depend on anything but the document.
   */
  hint(name: string, candidates: readonly (string | undefined)[]): string {
    if (candidates.length > this.remaining) return '';
    this.remaining -= candidates.length;
    const near = nearestName(name, candidates);
    return near === undefined ? '' : `; did you mean '${near}'?`;
  }
}

/**
 * What `parseUnit` says of a unit it cannot read, beyond "not known": its "did you mean" (issue
 * 27: a misspelled unit names the nearest known one) or why a Pint unit is refused, after ': '.
 * '' when nothing more is known.
 */
export function unknownUnitHint(unit: string): string {
  try {
    parseUnit(unit);
  } catch (error) {
    if (!(error instanceof UnitError)) throw error;
    const reason = error.message.replace(/^unknown unit '.*?': /, '');
    return reason === `no unit named '${unit}'` ? '' : `: ${reason.replace(/^no unit named '.*?'; /, '')}`;
  }
  return '';
}
