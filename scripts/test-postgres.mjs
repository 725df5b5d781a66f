// Runs the server suite against a PostgreSQL server: DATABASE_URL, or the local one on 127.0.0.1:5432.
// Each test file creates and drops its own database there.
import { execSync } from 'node:child_process';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
execSync('npx vitest run --project server', { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url } });
