/**
 * Identifiers of the service: `<prefix>_<opaque>`, 20 to 37 characters (docs/rules.md#service-resources).
 * New ids are monotonic ULIDs, so they sort by creation: lists ordered by id are in creation order.
 */
import * as z from 'zod';

/**
 * Every identifier prefix of the service, by resource kind (docs/rules.md#service-resources).
 */
export const ID_PREFIXES = {
  project: 'prj',
  ghg_entry: 'rmv',
  ghg_statement: 'ggs',
  feedstock_type: 'ftt',
  feedstock_batch: 'ftb',
  datapoint: 'dtp',
  source: 'src',
  component: 'cmp',
  removal_template_component: 'rtc',
  removal_template_component_group: 'rtg',
  removal_template: 'rvt',
  component_attribution: 'rvc',
  production_batch: 'ptb',
  storage_location: 'slc',
  biochar_application: 'bse',
  measurement_sample: 'mts',
  measurement_location: 'mlc',
  facility: 'fcl',
  file_upload: 'tfu',
  data_upload_submission: 'dus',
  organisation: 'org',
  supplier: 'spl',
  credit_batch: 'ctb',
  retirement: 'ret',
  delivery: 'dlv',
  order: 'ord',
  transfer: 'tfr',
  issuance: 'iss',
  refund: 'bpr',
  storage_unit: 'sgu',
  sensor: 'sns',
  monitoring_requirement: 'mnr',
  monitoring_submission: 'mns',
  project_document: 'pjd',
  checkout_session: 'chk',
} as const satisfies Readonly<Record<IdKind, string>>;

/**
 * A resource kind that has an identifier prefix.
 * @public
 */
export type IdKind =
  | 'project'
  | 'ghg_entry'
  | 'ghg_statement'
  | 'feedstock_type'
  | 'feedstock_batch'
  | 'datapoint'
  | 'source'
  | 'component'
  | 'removal_template_component'
  | 'removal_template_component_group'
  | 'removal_template'
  | 'component_attribution'
  | 'production_batch'
  | 'storage_location'
  | 'biochar_application'
  | 'measurement_sample'
  | 'measurement_location'
  | 'facility'
  | 'file_upload'
  | 'data_upload_submission'
  | 'organisation'
  | 'supplier'
  | 'credit_batch'
  | 'retirement'
  | 'delivery'
  | 'order'
  | 'transfer'
  | 'issuance'
  | 'refund'
  | 'storage_unit'
  | 'sensor'
  | 'monitoring_requirement'
  | 'monitoring_submission'
  | 'project_document'
  | 'checkout_session';

/**
 * An identifier prefix such as `rmv` or `ctb`.
 */
export type IdPrefix = (typeof ID_PREFIXES)[IdKind];

/** Shortest identifier the service accepts. */
export const ID_MIN_LENGTH = 20;
/** Longest identifier the service accepts. */
export const ID_MAX_LENGTH = 37;

/**
 * Schema of any identifier: a string of 20 to 37 characters (the bound every request field has).
 */
export const anyIdSchema = z.string().min(ID_MIN_LENGTH).max(ID_MAX_LENGTH);

/**
 * Schema of an identifier of one kind: 20 to 37 characters starting with the kind's prefix.
 * @param kind - the resource kind whose prefix the id must carry
 */
export function idSchema(kind: IdKind): z.ZodString {
  const prefix = `${ID_PREFIXES[kind]}_`;
  return anyIdSchema.startsWith(prefix, { message: `String should start with '${prefix}'` });
}

/**
 * Whether `value` is a well-formed identifier of `kind`.
 */
export function isId(kind: IdKind, value: unknown): value is string {
  return (
    typeof value === 'string' && value.length >= ID_MIN_LENGTH && value.length <= ID_MAX_LENGTH && value.startsWith(`${ID_PREFIXES[kind]}_`)
  );
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Creates identifiers; each is `<prefix>_<ULID>` (30 characters).
 * @public
 */
export type IdGenerator = (kind: IdKind) => string;

/**
 * Options of {@link createIdGenerator}.
 * @public
 */
export interface IdGeneratorOptions {
  /** Clock in milliseconds since the epoch; defaults to `Date.now`. */
  readonly now?: () => number;
  /** Source of uniform numbers in [0, 1); defaults to `Math.random`. Pass a seeded one for reproducible ids. */
  readonly random?: () => number;
}

/**
 * Returns a generator of identifiers that sort by creation: a ULID whose time part comes from the
 * clock and whose random part is incremented within one millisecond (monotonic ULID), so the
 * order of ids equals the order of calls even when the clock stands still or goes back.
 * @public
 */
export function createIdGenerator(options: IdGeneratorOptions = {}): IdGenerator {
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  let lastTime = -1;
  const randomPart = new Array<number>(16).fill(0);
  return (kind) => {
    let time = Math.max(0, Math.floor(now()));
    if (time <= lastTime) {
      time = lastTime;
      increment(randomPart);
    } else {
      lastTime = time;
      for (let i = 0; i < 16; i++) randomPart[i] = Math.floor(random() * 32) & 31;
      randomPart[0] = (randomPart[0] ?? 0) & 15; // headroom so increments never overflow
    }
    let timePart = '';
    for (let i = 9; i >= 0; i--) {
      timePart = CROCKFORD.charAt(time % 32) + timePart;
      time = Math.floor(time / 32);
    }
    return `${ID_PREFIXES[kind]}_${timePart}${randomPart.map((d) => CROCKFORD.charAt(d)).join('')}`;
  };
}

function increment(digits: number[]): void {
  for (let i = digits.length - 1; i >= 0; i--) {
    const next = (digits[i] ?? 0) + 1;
    if (next < 32) {
      digits[i] = next;
      return;
    }
    digits[i] = 0;
  }
}
