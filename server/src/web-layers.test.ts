import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web's imports run one way (docs/architecture.md): app → modules → ui → base. The
 * foundation (base: api client, session, query client, lookups, toasts) and the shared widgets
 * never reach up into the screens or the shell, so a module can be read without the router.
 */
const SRC = resolve(__dirname, '../../web/src');
const LAYERS = ['base', 'ui', 'modules', 'app'] as const;
type Layer = (typeof LAYERS)[number];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

function layerOf(file: string): Layer | null {
  const top = relative(SRC, file).split(/[\\/]/)[0];
  return (LAYERS as readonly string[]).includes(top) ? (top as Layer) : null;
}

describe('web import direction', () => {
  it('no file imports a layer above its own', () => {
    const upward: string[] = [];
    for (const file of files(SRC)) {
      const from = layerOf(file);
      if (!from) continue;
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
        const to = layerOf(resolve(dirname(file), spec));
        if (to && LAYERS.indexOf(to) > LAYERS.indexOf(from)) upward.push(`${relative(SRC, file)} → ${spec}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('finds the layers it checks', () => {
    expect(files(join(SRC, 'base')).length).toBeGreaterThan(3);
    expect(files(join(SRC, 'modules')).length).toBeGreaterThan(50);
  });
});
