// Type tests of the route table's typing (src/adapter/router.ts): a handler's body is held to its
// route's response schema by tsc, so a wrong body does not compile.
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { NO_CONTENT, ok, route, type Handler, type ResponseBody } from '../../src/adapter/router';
import { removalSchema } from '../../src/adapter/resources/removals/schemas';
import { countryCodeSchema, dateSchema, laxNumber } from '../../src/model/shapes';
import { removalView } from '../../src/adapter/resources/removals/view';

const thing = z.object({ id: z.string(), size: z.number(), tags: z.array(z.string()), note: z.string().nullable() });
const idPath = z.object({ id: z.string() });

describe('a route handler', () => {
  it('answers what its response schema accepts, read-only, and takes the parsed request parts', () => {
    expectTypeOf<ResponseBody<{ response: typeof thing }>>().toEqualTypeOf<{
      readonly id: string;
      readonly size: number;
      readonly tags: readonly string[];
      readonly note: string | null;
    }>();
    expectTypeOf<Handler<{ path: typeof idPath; response: typeof thing }>>().parameter(1).toEqualTypeOf<{ path: { id: string } }>();
    route('GET', '/x/v0/things/{id}', { path: idPath, response: thing }, (_context, { path }) =>
      ok({ id: path.id, size: 1, tags: [] as readonly string[], note: null }),
    );
    route('DELETE', '/x/v0/things/{id}', { path: idPath, response: null }, () => NO_CONTENT);
  });

  it('refuses a body that is not what the response schema accepts', () => {
    // @ts-expect-error size must be a number
    route('GET', '/x/v0/things', { response: thing }, () => ok({ id: 'a', size: '1', tags: [], note: null }));
    // @ts-expect-error note is missing
    route('GET', '/x/v0/things', { response: thing }, () => ok({ id: 'a', size: 1, tags: [] }));
    // @ts-expect-error a removal is not a thing
    route('GET', '/x/v0/things', { response: thing }, () => ok({ id: 'a', supplier_reference_id: null }));
    route('GET', '/x/v0/things/{id}', { path: idPath, response: thing }, (_context, { path }) =>
      // @ts-expect-error a path parameter the path schema does not declare
      ok({ id: path.key, size: 1, tags: [], note: null }),
    );
  });

  it('checks the fields whose schemas take any input (lenient numbers, dates, country codes) by their output', () => {
    const lenient = z.object({ on: dateSchema, kg: laxNumber(), sd_kg: laxNumber().nullable(), country: countryCodeSchema });
    expectTypeOf<ResponseBody<{ response: typeof lenient }>>().toEqualTypeOf<{
      readonly on: string;
      readonly kg: number;
      readonly sd_kg: number | null;
      readonly country: string;
    }>();
    expectTypeOf<ResponseBody<{ response: typeof removalSchema }>['started_on']>().toEqualTypeOf<string>();
    expectTypeOf<ResponseBody<{ response: typeof removalSchema }>['co2e_net_removed_kg']>().toEqualTypeOf<number>();
    // @ts-expect-error a date is a string
    route('GET', '/x/v0/lenient', { response: lenient }, () => ok({ on: 42, kg: 1, sd_kg: null, country: 'DEU' }));
    // @ts-expect-error a lenient number is still a number in a body
    route('GET', '/x/v0/lenient', { response: lenient }, () => ok({ on: '2026-01-01', kg: { x: 1 }, sd_kg: null, country: 'DEU' }));
  });

  it('refuses a body on a 204 route and no body on a route with a response schema', () => {
    // @ts-expect-error a route whose response is null answers 204 without a body
    route('DELETE', '/x/v0/things/{id}', { path: idPath, response: null }, () => ok({ id: 'a' }));
    // @ts-expect-error a route with a response schema answers 200 with a body
    route('GET', '/x/v0/things/{id}', { path: idPath, response: thing }, () => NO_CONTENT);
  });

  it('holds the views to the resource schemas', () => {
    expectTypeOf(removalView).returns.toEqualTypeOf<ResponseBody<{ response: typeof removalSchema }>>();
  });
});
