-- Puts the audit log out of the application's reach on PostgreSQL (deploy/postgres/audit-protection.md).
--
-- The server migrates its database as its own account, so by default that account owns audit_log and
-- could disable or drop the append-only triggers of migration 0013, or the table itself. Run this once
-- as a superuser after the server's first start, and again after any release whose migration touches
-- audit_log. It is idempotent. Afterwards:
--   * a NOLOGIN role (owner_role, default audit_owner) owns audit_log, its identity sequence and the
--     functions its triggers call;
--   * the application's role (app_role) may only INSERT and SELECT audit_log (and use the sequence);
--   * neither the application's role nor PUBLIC holds anything else on them, and the application's
--     role owns neither the database nor the schema (an owner of either may drop any table in it).
--
--   psql -v app_role=betting -d betting -f deploy/postgres/protect-audit.sql
--   (optional: -v owner_role=audit_owner  -v audit_schema=public)

\set ON_ERROR_STOP on
\if :{?owner_role}
\else
  \set owner_role audit_owner
\endif
\if :{?audit_schema}
\else
  \set audit_schema public
\endif
\if :{?app_role}
\else
  \set app_role ''
\endif

-- psql variables are not expanded inside the DO blocks below: hand them over as session settings.
SELECT set_config('protect_audit.app_role', :'app_role', false) AS protect_app,
       set_config('protect_audit.owner_role', :'owner_role', false) AS protect_owner,
       set_config('protect_audit.schema', :'audit_schema', false) AS protect_schema \gset

BEGIN;

-- Refuse before changing anything when the run could not give the protection it promises.
DO $$
DECLARE
  app text := current_setting('protect_audit.app_role');
  owner text := current_setting('protect_audit.owner_role');
  tbl regclass := to_regclass(format('%I.audit_log', current_setting('protect_audit.schema')));
  r pg_roles%ROWTYPE;
BEGIN
  IF app = '' THEN
    RAISE EXCEPTION 'pass the application''s role: psql -v app_role=<role> -f protect-audit.sql';
  END IF;
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    RAISE EXCEPTION 'run this as a superuser (it changes owners and may create a role)';
  END IF;
  SELECT * INTO r FROM pg_roles WHERE rolname = app;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no role %: app_role is the user of the server''s DATABASE_URL', app;
  END IF;
  IF app = owner THEN
    RAISE EXCEPTION 'owner_role must be another role than app_role';
  END IF;
  -- A superuser passes every check; a CREATEROLE role can make itself a member of the owner role
  -- (before PostgreSQL 16) or create a role that is a superuser's peer in some setups.
  IF r.rolsuper OR r.rolcreaterole OR r.rolbypassrls OR r.rolreplication THEN
    RAISE EXCEPTION 'role % must not be SUPERUSER, CREATEROLE, BYPASSRLS or REPLICATION: ALTER ROLE % NOSUPERUSER NOCREATEROLE NOBYPASSRLS NOREPLICATION', app, app;
  END IF;
  IF tbl IS NULL THEN
    RAISE EXCEPTION 'no table %.audit_log in database %: start the server once first (it migrates)',
      current_setting('protect_audit.schema'), current_database();
  END IF;
END
$$;

-- The owner role, which nobody signs in as; the application must not be a member of it.
SELECT format('CREATE ROLE %I NOLOGIN', :'owner_role')
  WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'owner_role') \gexec
SELECT format('ALTER ROLE %I NOLOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB', :'owner_role') \gexec
SELECT format('REVOKE %I FROM %I', :'owner_role', :'app_role')
  WHERE pg_has_role(:'app_role', :'owner_role', 'MEMBER') \gexec

-- The owner of a database (through pg_database_owner, the owner of its public schema from
-- PostgreSQL 15) or of a schema may drop any table in it: neither may be the application.
SELECT format('ALTER DATABASE %I OWNER TO %I', current_database(), :'owner_role')
  FROM pg_database WHERE datname = current_database() AND pg_get_userbyid(datdba) = :'app_role' \gexec
-- The server's migrator runs CREATE SCHEMA IF NOT EXISTS "drizzle", which needs CREATE on the database.
SELECT format('GRANT CONNECT, CREATE, TEMPORARY ON DATABASE %I TO %I', current_database(), :'app_role') \gexec
SELECT format('ALTER SCHEMA %I OWNER TO %I', :'audit_schema', :'owner_role')
  FROM pg_namespace WHERE nspname = :'audit_schema' AND pg_get_userbyid(nspowner) = :'app_role' \gexec
SELECT format('GRANT USAGE, CREATE ON SCHEMA %I TO %I', :'audit_schema', :'app_role') \gexec

-- The table (its indexes and identity sequence follow it), then its privileges.
SELECT format('ALTER TABLE %I.audit_log OWNER TO %I', :'audit_schema', :'owner_role') \gexec
SELECT format('REVOKE ALL ON TABLE %I.audit_log FROM PUBLIC, %I', :'audit_schema', :'app_role') \gexec
SELECT format('GRANT SELECT, INSERT ON TABLE %I.audit_log TO %I', :'audit_schema', :'app_role') \gexec
SELECT format('REVOKE ALL ON SEQUENCE %s FROM PUBLIC, %I', s, :'app_role'),
       format('GRANT USAGE ON SEQUENCE %s TO %I', s, :'app_role')
  FROM pg_get_serial_sequence(format('%I.audit_log', :'audit_schema'), 'id') AS s
  WHERE s IS NOT NULL \gexec

-- Every function a trigger of audit_log calls (migration 0013's, and any a later one adds).
SELECT format('ALTER FUNCTION %s OWNER TO %I', t.tgfoid::regprocedure, :'owner_role'),
       format('REVOKE ALL ON FUNCTION %s FROM PUBLIC, %I', t.tgfoid::regprocedure, :'app_role')
  FROM (SELECT DISTINCT tgfoid FROM pg_trigger
         WHERE tgrelid = format('%I.audit_log', :'audit_schema')::regclass AND NOT tgisinternal) t \gexec

-- A trigger someone disabled before this run is switched back on.
SELECT format('ALTER TABLE %I.audit_log ENABLE TRIGGER %I', :'audit_schema', tgname)
  FROM pg_trigger
  WHERE tgrelid = format('%I.audit_log', :'audit_schema')::regclass AND NOT tgisinternal AND tgenabled = 'D' \gexec

-- Proves the result, so a run that printed no error left the log protected.
DO $$
DECLARE
  app text := current_setting('protect_audit.app_role');
  tbl regclass := format('%I.audit_log', current_setting('protect_audit.schema'))::regclass;
  holder text;
BEGIN
  FOR holder IN
    SELECT pg_get_userbyid(relowner) FROM pg_class WHERE oid = tbl
    UNION ALL SELECT pg_get_userbyid(nspowner) FROM pg_namespace n JOIN pg_class c ON c.relnamespace = n.oid WHERE c.oid = tbl
    UNION ALL SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = current_database()
    UNION ALL SELECT pg_get_userbyid(p.proowner) FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE t.tgrelid = tbl AND NOT t.tgisinternal
  LOOP
    IF pg_has_role(app, holder, 'MEMBER') THEN
      RAISE EXCEPTION 'role % still owns (or is a member of %, which owns) the audit log, its schema, database or trigger functions', app, holder;
    END IF;
  END LOOP;
  IF has_table_privilege(app, tbl, 'UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
     OR NOT has_table_privilege(app, tbl, 'INSERT') OR NOT has_table_privilege(app, tbl, 'SELECT') THEN
    RAISE EXCEPTION 'role % must hold exactly INSERT and SELECT on %', app, tbl;
  END IF;
  IF (SELECT count(*) FROM pg_trigger
       WHERE tgrelid = tbl AND tgname IN ('audit_log_no_update_delete', 'audit_log_no_truncate') AND tgenabled = 'O') <> 2 THEN
    RAISE EXCEPTION 'the append-only triggers of migration 0013 are missing on %', tbl;
  END IF;
END
$$;

COMMIT;

\echo 'protect-audit: audit_log now belongs to' :owner_role '; role' :app_role 'may INSERT and SELECT only.'
\dp :audit_schema.audit_log
