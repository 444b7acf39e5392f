/**
 * The ledger's policies: each rule docs/rules.md leaves to us ([decision]) as a named option with
 * a documented default that a host may override.
 */
import { enumOf, FUNCTION, shapeOf, type ShapeCheck } from '../model/strict-options';
import { formatSerialNumber, type SerialNumberFormatter, type UnitNumbering } from './serial';

/**
 * Resources that carry a public `url`.
 * @public
 */
export type LedgerUrlKind = 'delivery' | 'retirement';

/**
 * Policies of the credit ledger. Defaults in {@link DEFAULT_LEDGER_POLICIES}.
 * @public
 */
export interface LedgerPolicies {
  /** [decision] Serial number format (default {@link formatSerialNumber}). */
  readonly formatSerialNumber: SerialNumberFormatter;
  /** [decision] How units and the `<n>` part are numbered (default `per_project`). */
  readonly unitNumbering: UnitNumbering;
  /**
   * [decision] Which organisation's balance counts retired credits: `owner` (default: the
   * organisation that held and retired them) or `beneficiary` (in whose name they were retired).
   */
  readonly retiredCreditsCountFor: 'owner' | 'beneficiary';
  /** Public address of a delivery or retirement (default: its path under `/registry/v0`). */
  readonly resourceUrl: (kind: LedgerUrlKind, id: string) => string;
}

/**
 * The documented default of every ledger policy.
 * @public
 */
export const DEFAULT_LEDGER_POLICIES: LedgerPolicies = Object.freeze({
  formatSerialNumber,
  unitNumbering: 'per_project',
  retiredCreditsCountFor: 'owner',
  resourceUrl: (kind: LedgerUrlKind, id: string) => `/registry/v0/${kind === 'delivery' ? 'deliveries' : 'retirements'}/${id}`,
} as const);

/**
 * The known ledger policies and the check of each (docs/policies.md: options are strict). Adding
 * a policy to {@link LedgerPolicies} needs its line here (the compiler asks for it).
 */
export const LEDGER_POLICY_CHECKS: ShapeCheck = shapeOf<LedgerPolicies>({
  formatSerialNumber: FUNCTION,
  unitNumbering: enumOf<UnitNumbering>({ per_project: true, per_issuance: true }),
  retiredCreditsCountFor: enumOf<LedgerPolicies['retiredCreditsCountFor']>({ owner: true, beneficiary: true }),
  resourceUrl: FUNCTION,
});
