/**
 * Test helpers under `/sandbox/v0/`: what the real service does on its own side, made reachable
 * for integration tests (docs/rules.md#world-document-and-test-helpers). Same authentication as every route; never under
 * `/mrv/v0` or `/registry/v0`.
 */
import { found } from '../found';
import * as z from 'zod';
import { failGhgStatementVerification, markGhgStatementCreditsIssued, verifyGhgStatement } from '../../../accounting';
import { idSchema } from '../../../model';
import { idPathSchema } from '../../../model/queries';
import { VERIFICATION_OUTCOMES } from '../../../model/enums';
import { biocharApplicationSchema } from '../storage/schemas';
import {
  dataUploadSubmissionSchema,
  frequencySchema,
  monitoringPhaseSchema,
  projectMonitoringRequirementSchema,
} from '../monitoring/schemas';
import { ghgStatementSchema } from '../ghg-statements/schemas';
import { issuanceCreditBatchesSchema, issuanceSchema, refundSchema } from '../credit-ledger/schemas';
import { orderSchema } from '../registry-parties/schemas';
import { creditBatchQuantitySchema } from '../credit-ledger/schemas';
import { indexes, type RequestContext } from '../../context';
import { conflict, Problems, unprocessable, valueError } from '../../http/failures';
import { NO_CONTENT, ok, route, type Route } from '../../router';
import type { RemovalRow, StatementRow } from '../../rows';
import { organisationView } from '../views';
import { statementView } from '../ghg-statements/view';
import { submissionView } from '../monitoring/view';
import { biocharApplicationView } from '../storage/view';
import { changeableRemoval, ownedInProject } from '../common';
import { orderView } from '../registry-parties/view';
import { checkoutAddress } from '../stripe/routes';
import { monitoringRequirementView } from '../monitoring/view';
import { lifecycle } from '../ghg-statements/routes';
import { inRequestTerms } from '../credit-ledger/refusals';

/** Error message of a failed processing when the helper is given none. */
export const DEFAULT_PROCESSING_ERROR = 'The file could not be processed';

const verifyBodySchema = z
  .strictObject({ outcome: z.enum(VERIFICATION_OUTCOMES).default('VERIFIED'), reason: z.string().min(1).nullable().optional() })
  .optional();
const processBodySchema = z.strictObject({
  status: z.enum(['completed', 'failed']),
  error_message: z.string().min(1).nullable().optional(),
});
const orderBodySchema = z.strictObject({
  buyer_organisation_id: idSchema('organisation'),
  supplier_id: idSchema('supplier'),
  credits_ordered_kg: z.number().int().gte(0).optional(),
});
/** Longest single move of the clock: a century, in either unit. */
const MAX_ADVANCE_DAYS = 36_525;
const advanceBodySchema = z
  .strictObject({
    seconds: z
      .number()
      .gte(0)
      .lte(MAX_ADVANCE_DAYS * 86_400)
      .optional(),
    days: z.number().gte(0).lte(MAX_ADVANCE_DAYS).optional(),
  })
  .refine((b) => b.seconds !== undefined || b.days !== undefined, { message: 'give seconds or days', path: ['seconds'] });
const assignBodySchema = z.strictObject({ ghg_entry_id: idSchema('ghg_entry').nullable() });
const completeBodySchema = z.strictObject({ buyer_organisation_id: idSchema('organisation') });
const requirementBodySchema = z.strictObject({
  display_name: z.string().min(1),
  monitoring_phase: monitoringPhaseSchema,
  frequency: frequencySchema,
  notes: z.string().nullable().optional(),
  storage_location_id: idSchema('storage_location').nullable().optional(),
  storage_unit_id: idSchema('storage_unit').nullable().optional(),
});
const refundBodySchema = z.strictObject({
  to_organisation_id: idSchema('organisation'),
  credit_batch_quantities: z.array(creditBatchQuantitySchema).min(1),
  notes: z.string().max(256).nullable().optional(),
});

/** Carbon figures of an entry for its credit batches, from the signs of its components. */
function carbonData(removal: RemovalRow) {
  let gross = 0;
  let emissions = 0;
  let counterfactuals = 0;
  let losses = 0;
  for (const part of removal.result.parts) {
    switch (part.type) {
      case 'SEQUESTRATION':
      case 'REDUCTION':
      case 'ADJUSTMENT':
        gross += part.contribution_kg;
        break;
      case 'COUNTERFACTUAL':
      case 'REMOVAL_COUNTERFACTUAL':
        counterfactuals -= part.contribution_kg;
        break;
      case 'LOSS':
        losses -= part.contribution_kg;
        break;
      default:
        emissions -= part.contribution_kg;
    }
  }
  // Whole kilograms, as the registry's CarbonRemovalData carries them (its figures are integers).
  return {
    counterfactuals_kg: Math.round(counterfactuals),
    emissions_kg: Math.round(emissions),
    gross_carbon_removed_kg: Math.round(gross),
    losses_kg: Math.round(losses),
    net_carbon_removed_kg: Math.round(removal.result.co2e_net_removed_kg),
  };
}

/** The statement's verifier verifies it, or fails it (it may then be amended). */
const verify = (context: RequestContext, id: string, body: z.output<typeof verifyBodySchema>) => {
  const { state } = context;
  const statement = found(state.statements.get(id), { visible: context });
  if (statement.verifier_organisation_id !== context.viewer.id)
    throw conflict(`only the verifier assigned to GHG statement ${id} can verify it`);
  const at = state.clock.nowIso();
  const input = { verifier: context.viewer.name, reason: body?.reason ?? null };
  const record = lifecycle(
    body?.outcome === 'FAILED_VERIFICATION'
      ? failGhgStatementVerification(statement.record, at, input)
      : verifyGhgStatement(statement.record, at, input),
  );
  const row: StatementRow = { ...statement, record };
  state.statements.update(row);
  return ok(statementView(state, row));
};

/**
 * Issues the credits of a verified statement through the credit ledger: per entry a supplier
 * batch and a buffer-pool batch of the credit allocation frozen when the statement was submitted.
 */
const issue = (context: RequestContext, id: string) => {
  const { state } = context;
  const statement = found(state.statements.get(id), { visible: context });
  if (statement.owner !== context.viewer.id && statement.verifier_organisation_id !== context.viewer.id) {
    throw conflict(`credits of GHG statement ${id} are issued at the request of its supplier or its verifier`);
  }
  const { record } = statement;
  // The lifecycle decides whether credits may be issued now; nothing is issued when it refuses.
  lifecycle(markGhgStatementCreditsIssued(record, state.clock.nowIso()));
  const project = state.projects.get(record.project_id);
  const owner = project === undefined ? undefined : state.organisations.get(project.owner);
  const bufferPool = state.organisations.rows().find((o) => o.buffer_pool);
  if (project === undefined || owner?.supplier == null) throw conflict(`project ${record.project_id} has no supplier`);
  if (bufferPool === undefined)
    throw conflict('this sandbox has no buffer pool organisation (mark one with buffer_pool in the world document)');
  const frozen = record.submission?.ghg_entries ?? [];
  const entries = frozen.map((entry) => {
    const removal = found(state.removals.get(entry.ghg_entry_id), { defect: entry.ghg_entry_id });
    const allocation = entry.credit_allocation;
    if (allocation === null)
      throw conflict(`GHG entry ${entry.ghg_entry_id} has no credit allocation: the project's risk_of_reversal_percentage is not set`);
    return {
      ghg_entry_id: entry.ghg_entry_id,
      sequestered_on: removal.completed_on,
      supplier_allocation_kg: allocation.supplier_allocation_kg,
      buffer_pool_contribution_kg: allocation.buffer_pool_contribution_kg,
      carbon_removal_data: carbonData(removal),
    };
  });
  const request = {
    ghg_statement_id: statement.id,
    project_id: project.id,
    supplier_id: owner.supplier.id,
    supplier_organisation: organisationView(state, owner.id),
    buffer_pool_organisation: organisationView(state, bufferPool.id),
    country_of_issue: project.country_code,
    registry_code: state.registryCode,
    pathway_code: project.pathway_code,
    project_code: project.project_code,
    reporting_period_start_at: record.reporting_period_start_at,
    reporting_period_end_at: record.reporting_period_end_at,
    entries,
  };
  // Nothing of the issuance comes from a body (there is none): its problems are the statement's.
  const statementPlace = { loc: ['path', 'id'], input: id };
  const issuance = inRequestTerms(
    null,
    () => statementPlace,
    () => state.ledger.createIssuance(request),
  );
  state.recordIssuance(issuance.id);
  const row: StatementRow = {
    ...statement,
    issuance_id: issuance.id,
    record: lifecycle(markGhgStatementCreditsIssued(record, issuance.issued_at)),
  };
  state.statements.update(row);
  return ok({
    ghg_statement: statementView(state, row),
    issuance,
    credit_batches: found(state.ledger.getIssuanceCreditBatches(issuance.id), { defect: issuance.id }),
  });
};

const processSubmission = (context: RequestContext, id: string, body: z.output<typeof processBodySchema>) => {
  const { state } = context;
  const submission = found(state.submissions.get(id), { owned: context });
  if (submission.status !== 'pending') throw conflict(`data upload submission ${id} was already processed (status ${submission.status})`);
  const row = {
    ...submission,
    status: body.status,
    error_message: body.status === 'failed' ? (body.error_message ?? DEFAULT_PROCESSING_ERROR) : null,
  };
  state.submissions.update(row);
  return ok(submissionView(row));
};

/**
 * A supplier's credits are delivered to the buyer of an order, which the ledger refuses when it is
 * the supplier's own organisation: such an order could never be delivered, so it is not placed.
 */
function checkOtherBuyer(problems: Problems, buyerId: string, supplierOrganisationId: string): void {
  if (buyerId === supplierOrganisationId)
    problems.add(
      ['body', 'buyer_organisation_id'],
      `the buyer ${buyerId} is the supplier's own organisation: an order is placed for another organisation, to which its credits are delivered`,
      buyerId,
    );
}

/** The buyer organisation of an order or a checkout must exist (a problem at `buyer_organisation_id`). */
function checkBuyerFound(problems: Problems, context: RequestContext, id: string): void {
  if (!context.state.organisations.has(id)) problems.add(['body', 'buyer_organisation_id'], `organisation '${id}' was not found`, id);
}

const createOrder = (context: RequestContext, body: z.output<typeof orderBodySchema>) => {
  const { state } = context;
  const problems = new Problems();
  checkBuyerFound(problems, context, body.buyer_organisation_id);
  const supplier = state.ledger.getSupplier(body.supplier_id);
  if (supplier === undefined) problems.add(['body', 'supplier_id'], `supplier '${body.supplier_id}' was not found`, body.supplier_id);
  else checkOtherBuyer(problems, body.buyer_organisation_id, supplier.organisation.id);
  if (body.buyer_organisation_id === context.viewer.id ? false : context.viewer.supplier?.id !== body.supplier_id) {
    problems.add(['body', 'buyer_organisation_id'], 'an order is placed by its buyer or by its supplier', body.buyer_organisation_id);
  }
  problems.check();
  const row = {
    id: state.ids('order'),
    organisation_id: body.buyer_organisation_id,
    supplier_id: body.supplier_id,
    credits_ordered_kg: body.credits_ordered_kg ?? 0,
    created_at: state.clock.nowIso(),
  };
  state.orders.insert(row);
  return ok(orderView(state, row));
};

const refund = (context: RequestContext, body: z.output<typeof refundBodySchema>) => {
  const { state } = context;
  const problems = new Problems();
  if (!context.viewer.buffer_pool) problems.add(['body'], 'only the buffer pool organisation refunds buffer-pool credits', null);
  if (!state.organisations.has(body.to_organisation_id))
    problems.add(['body', 'to_organisation_id'], `organisation '${body.to_organisation_id}' was not found`, body.to_organisation_id);
  problems.check();
  const view = state.ledger.createRefund({
    from_buffer_pool_organisation_id: context.viewer.id,
    to_organisation_id: body.to_organisation_id,
    credit_batch_quantities: body.credit_batch_quantities,
    notes: body.notes ?? null,
  });
  state.recordTransaction('refund', view.id, body.credit_batch_quantities);
  return ok(view);
};

/**
 * Links a biochar application to the GHG entry it is part of (or unlinks it with null), as the
 * service does on its side when an entry is reported from applications. The application and the
 * entry belong to the caller and to one project; the entry must still be changeable.
 */
const assignApplication = (context: RequestContext, id: string, body: z.output<typeof assignBodySchema>) => {
  const { state } = context;
  const application = found(state.biocharApplications.get(id), { owned: context });
  if (application.removal_id !== null) changeableRemoval(context, application.removal_id);
  const entryId = body.ghg_entry_id;
  if (entryId !== null) {
    const entry = state.removals.get(entryId);
    if (entry === undefined || entry.owner !== context.viewer.id || entry.project_id !== application.project_id) {
      throw unprocessable([
        valueError(['body', 'ghg_entry_id'], `GHG entry '${entryId}' was not found in the project of the application`, entryId),
      ]);
    }
    changeableRemoval(context, entryId);
  }
  const row = { ...application, removal_id: entryId };
  state.biocharApplications.update(row);
  return ok(biocharApplicationView(row));
};

/**
 * Stands for the buyer paying a checkout session: the session is completed and the order of its
 * quantity is placed with its supplier for the buyer.
 */
const completeCheckout = (context: RequestContext, id: string, body: z.output<typeof completeBodySchema>) => {
  const { state } = context;
  const session = found(state.checkoutSessions.get(id), { owned: context });
  if (session.status !== 'open') throw conflict(`checkout session ${id} was completed already (order ${session.order_id ?? ''})`);
  const problems = new Problems();
  checkBuyerFound(problems, context, body.buyer_organisation_id);
  const supplier = state.ledger.getSupplier(session.supplier_id);
  if (supplier !== undefined) checkOtherBuyer(problems, body.buyer_organisation_id, supplier.organisation.id);
  problems.check();
  const order = {
    id: state.ids('order'),
    organisation_id: body.buyer_organisation_id,
    supplier_id: session.supplier_id,
    credits_ordered_kg: session.quantity_kg,
    created_at: state.clock.nowIso(),
  };
  state.orders.insert(order);
  state.checkoutSessions.update({ ...session, status: 'complete', order_id: order.id });
  return ok({
    checkout_session: { id, status: 'complete' as const, redirect_url: checkoutAddress(id), order_id: order.id },
    order: orderView(state, order),
  });
};

/** Sets a monitoring requirement on a project of the caller (the service's side of monitoring). */
const createRequirement = (context: RequestContext, projectId: string, body: z.output<typeof requirementBodySchema>) => {
  const { state } = context;
  const project = found(state.projects.get(projectId), { owned: context });
  const problems = new Problems();
  const location = body.storage_location_id ?? null;
  const unit = body.storage_unit_id ?? null;
  if (location !== null && state.storageLocations.get(location)?.project_id !== project.id)
    problems.add(['body', 'storage_location_id'], `storage location '${location}' was not found in the project`, location);
  if (unit !== null && state.storageUnits.get(unit)?.owner !== context.viewer.id)
    problems.add(['body', 'storage_unit_id'], `storage unit '${unit}' was not found`, unit);
  problems.check();
  const row = {
    id: state.ids('monitoring_requirement'),
    owner: context.viewer.id,
    project_id: project.id,
    storage_location_id: location,
    storage_unit_id: unit,
    display_name: body.display_name,
    monitoring_phase: body.monitoring_phase,
    frequency: body.frequency,
    notes: body.notes ?? null,
  };
  state.monitoringRequirements.insert(row);
  return ok(monitoringRequirementView(row));
};

/**
 * Removes a monitoring requirement from a project of the caller (the service's side of monitoring,
 * as setting one is); refused with 409 while submissions answer it, so none is left pointing at nothing.
 */
const removeRequirement = (context: RequestContext, projectId: string, id: string) => {
  const { state } = context;
  const requirement = ownedInProject(context, state.monitoringRequirements.get(id), projectId);
  const answered = indexes(context).submissionsByRequirement.rows(requirement.id).length;
  if (answered > 0) throw conflict(`monitoring requirement ${id} has ${answered} submission(s): delete them first`);
  state.monitoringRequirements.delete(requirement.id);
  return NO_CONTENT;
};

function clockView(context: RequestContext) {
  return { now: context.state.clock.nowIso(), offset_seconds: context.state.clock.offsetMs / 1000 };
}

/** Schemas of the answers of the test helpers. */
const issuedSchema = z.object({ ghg_statement: ghgStatementSchema, issuance: issuanceSchema, credit_batches: issuanceCreditBatchesSchema });
const clockSchema = z.object({ now: z.string(), offset_seconds: z.number() });
const completedSchema = z.object({
  checkout_session: z.object({
    id: idSchema('checkout_session'),
    status: z.literal('complete'),
    redirect_url: z.string(),
    order_id: idSchema('order'),
  }),
  order: orderSchema,
});

const requirementPathSchema = z.object({ project_id: idSchema('project'), id: idSchema('monitoring_requirement') });

/** The routes of this module. */
export function helperRoutes(): Route[] {
  const statement = idPathSchema('ghg_statement');
  return [
    route(
      'POST',
      '/sandbox/v0/ghg_statements/{id}/verify',
      {
        path: statement,
        body: verifyBodySchema,
        response: ghgStatementSchema,
        conflict: true,
        summary: 'Test helper: the verifier verifies (or fails) a submitted statement',
      },
      (context, { path, body }) => verify(context, path.id, body),
    ),
    route(
      'POST',
      '/sandbox/v0/ghg_statements/{id}/issue_credits',
      { path: statement, response: issuedSchema, conflict: true, summary: 'Test helper: issue the credits of a verified statement' },
      (context, { path }) => issue(context, path.id),
    ),
    route(
      'POST',
      '/sandbox/v0/data-upload-submissions/{id}/process',
      {
        path: idPathSchema('data_upload_submission'),
        body: processBodySchema,
        response: dataUploadSubmissionSchema,
        conflict: true,
        summary: 'Test helper: process a pending data upload',
      },
      (context, { path, body }) => processSubmission(context, path.id, body),
    ),
    route(
      'POST',
      '/sandbox/v0/orders',
      { body: orderBodySchema, response: orderSchema, summary: 'Test helper: place an order' },
      (context, { body }) => createOrder(context, body),
    ),
    route(
      'POST',
      '/sandbox/v0/refunds',
      { body: refundBodySchema, response: refundSchema, summary: 'Test helper: the buffer pool refunds credits' },
      (context, { body }) => refund(context, body),
    ),
    route(
      'POST',
      '/sandbox/v0/biochar_applications/{id}/ghg_entry',
      {
        path: idPathSchema('biochar_application'),
        body: assignBodySchema,
        response: biocharApplicationSchema,
        conflict: true,
        summary: 'Test helper: link a biochar application to its GHG entry',
      },
      (context, { path, body }) => assignApplication(context, path.id, body),
    ),
    route(
      'POST',
      '/sandbox/v0/stripe/checkout_sessions/{id}/complete',
      {
        path: idPathSchema('checkout_session'),
        body: completeBodySchema,
        response: completedSchema,
        conflict: true,
        summary: 'Test helper: the buyer pays a checkout session; the order is placed',
      },
      (context, { path, body }) => completeCheckout(context, path.id, body),
    ),
    route(
      'POST',
      '/sandbox/v0/projects/{id}/monitoring_requirements',
      {
        path: idPathSchema('project'),
        body: requirementBodySchema,
        response: projectMonitoringRequirementSchema,
        summary: 'Test helper: set a monitoring requirement on a project',
      },
      (context, { path, body }) => createRequirement(context, path.id, body),
    ),
    route(
      'DELETE',
      '/sandbox/v0/projects/{project_id}/monitoring_requirements/{id}',
      {
        path: requirementPathSchema,
        response: null,
        conflict: true,
        summary: 'Test helper: remove a monitoring requirement from a project',
      },
      (context, { path }) => removeRequirement(context, path.project_id, path.id),
    ),
    route('GET', '/sandbox/v0/clock', { response: clockSchema, summary: "Test helper: the sandbox's clock" }, (context) =>
      ok(clockView(context)),
    ),
    route(
      'POST',
      '/sandbox/v0/clock/advance',
      { body: advanceBodySchema, response: clockSchema, summary: "Test helper: move the sandbox's clock forward" },
      (context, { body }) => {
        const step = (body.seconds ?? 0) * 1000 + (body.days ?? 0) * 86_400_000;
        // Dates end at +275760-09-13 (8.64e15 ms); the clock never goes past what a date can carry.
        if (context.state.clock.nowMs() + step > 8.64e15)
          throw unprocessable([valueError(['body'], 'the clock cannot move past the last representable date', body)]);
        context.state.clock.advance(step);
        return ok(clockView(context));
      },
    ),
  ];
}
