import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import rootPackage from '../../package.json' with { type: 'json' };

/**
 * npm 11.16+ lists, after every install, the dependencies whose install scripts the project has not
 * reviewed (`allowScripts` in package.json), and npm 12 skips those scripts (issue 24). The project
 * declares its choice, so a clean install prints no warning. Older npm has no such list: skipped.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const npmVersion = execFileSync('npm', ['--version'], { cwd: root, encoding: 'utf8' }).trim();
const [major, minor] = npmVersion.split('.').map(Number);
const hasAllowScripts = major > 11 || (major === 11 && minor >= 18);

describe('install scripts', () => {
  it('declares esbuild (its postinstall checks the platform binary) in allowScripts', () => {
    expect(rootPackage).toHaveProperty('allowScripts', { esbuild: true });
  });

  it.skipIf(!hasAllowScripts)(`leaves no dependency's install script unreviewed (npm ${npmVersion})`, () => {
    const out = JSON.parse(execFileSync('npm', ['install-scripts', 'ls', '--json'], { cwd: root, encoding: 'utf8' })) as { allowScripts: unknown[] };
    expect(out.allowScripts).toEqual([]);
  });
});
