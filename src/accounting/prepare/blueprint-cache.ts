/**
 * Compiled blueprints kept by definition, so that a document prepared again (the `check` command
 * and property tests evaluate hundreds of small graphs of the same blueprints; a service prepares
 * each request's graph) compiles each blueprint once per process instead of once per preparation.
 * A compiled blueprint is frozen and holds nothing of the definition, so one serves every graph
 * with an equal definition. Internal to accounting.
 */
import { compileBlueprint, type CompileResult } from '../../expressions';
import type { ComponentBlueprintDefinition } from '../../model';
import { BoundedCache } from '../bounded-cache';

/** Definitions come from documents: a bounded cache. */
const compiled = new BoundedCache<string, CompileResult>(512);

/**
 * `compileBlueprint(definition)`, from the cache when an equal definition was compiled before.
 * Definitions are equal when their JSON is: a validated definition holds only strings, arrays and
 * plain objects.
 */
export function compileBlueprintOnce(definition: ComponentBlueprintDefinition): CompileResult {
  return compiled.obtain(JSON.stringify(definition), () => compileBlueprint(definition));
}
