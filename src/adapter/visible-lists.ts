/**
 * The lists of rows a caller may see (interface.md 1), as merged sequences rather than filtered
 * tables: what it owns (an owner index) and what a submitted statement exposes to it that it does
 * not own (the exposure index). A page of such a list does not grow with the table.
 */
import { indexes, type ReadContext } from './context';
import { mergedList } from './merged-list';
import type { OrderedList } from './pagination';
import type { DatapointRow, MeasurementSampleRow } from './rows';
import { Sequence, type ReadonlySequence } from './sequence';
import type { Sequenced } from './store';

/** Datapoints the caller may see: its own, and those exposed to it (canSee), in creation order. */
export function visibleDatapoints(context: ReadContext): OrderedList<DatapointRow> {
  const viewer = context.viewer?.id ?? null;
  const { datapointsByOwner, exposure } = indexes(context);
  const parts: ReadonlySequence[] = [exposure.foreignDatapoints(viewer)];
  if (viewer !== null) parts.push(datapointsByOwner.sequence(viewer));
  return mergedList(context.state.datapoints, parts);
}

/** Measurement samples the caller may see: its own, and those of projects exposed to it (canSeeInProject). */
export function visibleMeasurementSamples(context: ReadContext): OrderedList<MeasurementSampleRow> {
  const viewer = context.viewer?.id ?? null;
  const { measurementSamplesByOwner, measurementSamplesByProject, exposure } = indexes(context);
  const foreign: Sequenced<MeasurementSampleRow>[] = [];
  for (const project of exposure.projectsExposedTo(viewer)) {
    for (const entry of measurementSamplesByProject.sequenced(project)) if (entry.row.owner !== viewer) foreign.push(entry);
  }
  foreign.sort((a, b) => a.seq - b.seq);
  const exposed = new Sequence();
  for (const entry of foreign) exposed.add(entry.row.id, entry.seq);
  const parts: ReadonlySequence[] = [exposed];
  if (viewer !== null) parts.push(measurementSamplesByOwner.sequence(viewer));
  return mergedList(context.state.measurementSamples, parts);
}

/** The items of `list` that pass `keep`, in creation order (a scan of the list, not of its table). */
export function filtered<T>(list: OrderedList<T>, keep: (row: T) => boolean): Sequenced<T>[] {
  return list.slice(0, list.size).filter((item) => keep(item.row));
}
