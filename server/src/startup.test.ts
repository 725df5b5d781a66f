import type { NetworkInterfaceInfo } from 'node:os';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addressesToOpen, readAccounts, startupLines } from './startup.ts';
import { createTestContext } from './test/harness.ts';

const nic = (address: string, internal = false): NetworkInterfaceInfo =>
  ({ address, internal, family: 'IPv4', netmask: '255.255.255.0', mac: '00:00:00:00:00:00', cidr: null });

describe('addressesToOpen', () => {
  const interfaces = { lo: [nic('127.0.0.1', true)], eth0: [nic('192.168.1.20')], wlan0: [nic('10.0.0.7')] };

  it('lists localhost and every network IPv4 when listening on all interfaces', () => {
    expect(addressesToOpen('0.0.0.0', 3000, interfaces)).toEqual(['http://localhost:3000', 'http://192.168.1.20:3000', 'http://10.0.0.7:3000']);
  });

  it('lists only the address it listens on otherwise', () => {
    expect(addressesToOpen('127.0.0.1', 3000, interfaces)).toEqual(['http://localhost:3000']);
    expect(addressesToOpen('192.168.1.20', 8080, interfaces)).toEqual(['http://192.168.1.20:8080']);
  });
});

describe('startupLines', () => {
  const urls = ['http://localhost:3000'];

  it('says the demo was loaded on the first start and which account to use', () => {
    const lines = startupLines(urls, { users: 0, demo: false }, { users: 11, demo: true });
    expect(lines[0]).toContain('http://localhost:3000');
    expect(lines.join('\n')).toContain('Datos de demostración cargados');
    expect(lines.join('\n')).toContain('admin@andina.pe y la contraseña Demo.2026');
  });

  it('says the demo was already there on later starts', () => {
    expect(startupLines(urls, { users: 11, demo: true }, { users: 11, demo: true }).join('\n')).toContain('ya estaban cargados');
  });

  it('points to create-admin when the database has no users', () => {
    expect(startupLines(urls, { users: 0, demo: false }, { users: 0, demo: false }).join('\n')).toContain('npm run create-admin');
  });
});

describe('readAccounts', () => {
  it('counts the users and sees the demo administrator', async () => {
    const ctx = await createTestContext();
    try {
      const db = ctx.deps.database.db;
      const before = await readAccounts(db);
      expect(before.users).toBeGreaterThan(1);
      expect(before.demo).toBe(true);
      await db.execute(sql`update usuario set usu_correo = 'jefe@andina.pe' where usu_correo = 'admin@andina.pe'`);
      expect(await readAccounts(db)).toEqual({ users: before.users, demo: false });
    } finally {
      await ctx.close();
    }
  });
});
