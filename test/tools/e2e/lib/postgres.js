// @ts-check
'use strict';
/**
 * PostgreSQL for the queue-mode and durable-scheduler legs (README.md beside it): Debian's running
 * cluster, a role and database of their own per leg (a random name under one prefix, so runs side
 * by side never meet), made as the `postgres` user and dropped when the leg ends.
 */
const crypto = require('node:crypto');
const { run } = require('./util');

/** Every database and role the e2e makes starts with this. */
const PREFIX = 'n8n_nodes_recruiting_e2e_';

/**
 * The first online cluster of `pg_lsclusters`; a clear error when there is none.
 * @returns {Promise<{ version: string, name: string, port: number }>}
 */
async function onlineCluster() {
	const list = 'command -v pg_lsclusters >/dev/null && pg_lsclusters --no-header';
	const r = await run('sh', ['-c', list], { timeoutMs: 30_000 });
	if (r.code !== 0)
		throw new Error(
			'PostgreSQL is not installed: apt-get install -y postgresql (.ci/run installs it when missing)',
		);
	const clusters = r.stdout
		.split('\n')
		.map((l) => l.trim().split(/\s+/))
		.filter((f) => f.length >= 4);
	const online = clusters.find((f) => f[3] === 'online');
	if (!online) {
		const down = clusters.map((f) => `pg_ctlcluster ${f[0]} ${f[1]} start`).join(' or ');
		throw new Error(
			`no PostgreSQL cluster is running: ${down || 'pg_createcluster first'} (.ci/run starts it)`,
		);
	}
	return { version: online[0], name: online[1], port: Number(online[2]) };
}

/**
 * Runs psql as the `postgres` superuser (runuser as root, sudo otherwise) with the given SQL,
 * one statement per -c (CREATE DATABASE cannot run inside a transaction).
 * @param {number} port @param {string[]} statements
 */
async function asSuperuser(port, statements) {
	const psql = ['psql', `--port=${port}`, '-Xq', '--set=ON_ERROR_STOP=1'];
	psql.push(...statements.flatMap((s) => ['-c', s]));
	const [cmd, ...args] =
		process.getuid && process.getuid() === 0
			? ['runuser', '-u', 'postgres', '--', ...psql]
			: ['sudo', '-n', '-u', 'postgres', ...psql];
	const r = await run(cmd, args, { timeoutMs: 60_000, cwd: '/' });
	if (r.code !== 0)
		throw new Error(`${statements.join('; ')}: exit ${r.code}: ${(r.stderr || r.stdout).trim()}`);
}

/**
 * A fresh role and database for one leg, on the running cluster.
 * @param {string} label  the leg ('queue', 'durable'), part of the name
 */
async function createDatabase(label) {
	const cluster = await onlineCluster();
	const name = `${PREFIX}${label}_${crypto.randomBytes(4).toString('hex')}`;
	const password = crypto.randomBytes(16).toString('hex');
	await asSuperuser(cluster.port, [
		`CREATE ROLE ${name} LOGIN PASSWORD '${password}'`,
		`CREATE DATABASE ${name} OWNER ${name}`,
	]);
	const host = '127.0.0.1';
	let dropped = false;
	return {
		name,
		cluster,
		/** n8n's settings for this database. */
		env: {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: host,
			DB_POSTGRESDB_PORT: String(cluster.port),
			DB_POSTGRESDB_DATABASE: name,
			DB_POSTGRESDB_USER: name,
			DB_POSTGRESDB_PASSWORD: password,
		},
		/**
		 * One SQL statement as n8n's role, over TCP as n8n connects; the rows unaligned, one a line.
		 * @param {string} sql
		 */
		async query(sql) {
			const connection = `host=${host} port=${cluster.port} user=${name} dbname=${name}`;
			const r = await run('psql', ['-d', connection, '-XAt', '--set=ON_ERROR_STOP=1', '-c', sql], {
				timeoutMs: 60_000,
				env: { ...process.env, PGPASSWORD: password, PGCONNECT_TIMEOUT: '10' },
			});
			if (r.code !== 0) throw new Error(`psql ${sql}: exit ${r.code}: ${r.stderr.trim()}`);
			return r.stdout.replace(/\n$/, '');
		},
		/** Drops the database (closing what is still connected) and the role; once. */
		async drop() {
			if (dropped) return;
			dropped = true;
			await asSuperuser(cluster.port, [
				`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`,
				`DROP ROLE IF EXISTS ${name}`,
			]);
		},
	};
}

module.exports = { createDatabase };
