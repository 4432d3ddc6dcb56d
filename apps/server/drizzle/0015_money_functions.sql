-- Money movements as one statement each (one round trip to the database instead of one per
-- guarded update, ledger insert, idempotency claim and reply). The TypeScript callers are
-- modules/wallet/ledger.ts (post), modules/wallet/service.ts (transfer, transferAll) and
-- http/idempotency.ts (the claim's rules, which money_claim mirrors).

-- One balanced movement: legs are {"w": wallet id} or {"a": account} with "c" cents; a wallet's debits
-- must be covered by its balance, which then moves by the net of its legs.
CREATE FUNCTION money_post(p_tx uuid, p_reason text, p_reference text, p_at timestamptz, p_legs jsonb)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_wallets integer;
  v_locked integer;
  v_updated integer;
BEGIN
  IF (SELECT coalesce(sum((l->>'c')::bigint), 0) FROM jsonb_array_elements(p_legs) l) <> 0 THEN
    RAISE EXCEPTION 'unbalanced movement (%)', p_reason;
  END IF;
  -- Every wallet of the movement locked in id order, the order of every movement, so that two
  -- movements on the same wallets queue instead of deadlocking.
  SELECT count(DISTINCT (l->>'w')::integer) INTO v_wallets
    FROM jsonb_array_elements(p_legs) l WHERE l->>'w' IS NOT NULL;
  SELECT count(*) INTO v_locked FROM (
    SELECT id FROM wallets
     WHERE id IN (SELECT (l->>'w')::integer FROM jsonb_array_elements(p_legs) l WHERE l->>'w' IS NOT NULL)
     ORDER BY id FOR UPDATE) locked;
  IF v_locked <> v_wallets THEN
    RAISE EXCEPTION 'a wallet of movement (%) does not exist', p_reason;
  END IF;
  -- The debits of a wallet beyond its balance refuse the whole movement; nothing is written. Credits
  -- to the same wallet do not count: a game round's payout cannot fund its own stake.
  IF EXISTS (
    SELECT 1 FROM (
      SELECT (l->>'w')::integer AS w, sum((l->>'c')::bigint) AS debit
        FROM jsonb_array_elements(p_legs) l WHERE l->>'w' IS NOT NULL AND (l->>'c')::bigint < 0 GROUP BY 1) d
      JOIN wallets ON wallets.id = d.w
     WHERE wallets.balance_cents < -d.debit) THEN
    RETURN false;
  END IF;
  -- The guarded update: a balance never goes below zero, whatever the check above saw.
  UPDATE wallets SET balance_cents = wallets.balance_cents + d.c
    FROM (
      SELECT (l->>'w')::integer AS w, sum((l->>'c')::bigint) AS c
        FROM jsonb_array_elements(p_legs) l WHERE l->>'w' IS NOT NULL GROUP BY 1) d
   WHERE wallets.id = d.w AND d.c <> 0 AND wallets.balance_cents + d.c >= 0;
  GET DIAGNOSTICS v_updated = ROW_COUNT;
  IF v_updated <> (
    SELECT count(*) FROM (
      SELECT sum((l->>'c')::bigint) AS c FROM jsonb_array_elements(p_legs) l
       WHERE l->>'w' IS NOT NULL GROUP BY (l->>'w')::integer) n WHERE n.c <> 0) THEN
    RAISE EXCEPTION 'a guarded update of movement (%) failed under its lock', p_reason;
  END IF;
  INSERT INTO ledger_entries (tx_id, wallet_id, account, amount_cents, reason, reference, created_at)
  SELECT p_tx, (l->>'w')::integer, l->>'a', (l->>'c')::bigint, p_reason, p_reference, p_at
    FROM jsonb_array_elements(p_legs) WITH ORDINALITY AS e(l, n)
   WHERE (l->>'c')::bigint <> 0
   ORDER BY n;
  RETURN true;
END $$;
--> statement-breakpoint

-- A member's wallet for a venue, created when missing (ledger.ts walletId).
CREATE FUNCTION money_wallet(p_user integer, p_venue text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_id integer;
BEGIN
  SELECT id INTO v_id FROM wallets WHERE user_id = p_user AND venue = p_venue;
  IF v_id IS NULL THEN
    INSERT INTO wallets (user_id, venue, balance_cents) VALUES (p_user, p_venue, 0) ON CONFLICT DO NOTHING;
    SELECT id INTO v_id FROM wallets WHERE user_id = p_user AND venue = p_venue;
  END IF;
  RETURN v_id;
END $$;
--> statement-breakpoint

-- The Idempotency-Key's claim (http/idempotency.ts claim): claim > 0 claimed; 0 with a stored
-- reply to replay; -1 when the key was used for another request. A duplicate's insert waits on the
-- unique index until the first request's transaction ends.
CREATE FUNCTION money_claim(p_user integer, p_key text, p_hash text,
  OUT claim integer, OUT status smallint, OUT body text) LANGUAGE plpgsql AS $$
DECLARE
  v_row record;
BEGIN
  FOR round IN 1..5 LOOP
    INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES (p_user, p_key, p_hash)
      ON CONFLICT DO NOTHING RETURNING id INTO claim;
    IF claim IS NOT NULL THEN RETURN; END IF;
    SELECT k.id, k.request_hash, k.status, k.body INTO v_row
      FROM idempotency_keys k WHERE k.user_id = p_user AND k.key = p_key;
    CONTINUE WHEN NOT FOUND;
    IF v_row.request_hash <> p_hash THEN
      claim := -1;
      RETURN;
    END IF;
    IF v_row.status IS NOT NULL AND v_row.body IS NOT NULL THEN
      claim := 0;
      status := v_row.status;
      body := v_row.body;
      RETURN;
    END IF;
    UPDATE idempotency_keys k SET request_hash = p_hash
     WHERE k.id = v_row.id AND k.status IS NULL RETURNING k.id INTO claim;
    IF claim IS NOT NULL THEN RETURN; END IF;
  END LOOP;
  RAISE EXCEPTION 'idempotency key %/% could not be claimed', p_user, p_key;
END $$;
--> statement-breakpoint

-- 转账 (wallet/service.ts transfer): the claim, the checks, the movement and the stored reply.
-- p_replies: {ok, 余额不足, auto-transfer on, unknown venue} as the exact envelopes sent.
CREATE FUNCTION money_transfer(p_user integer, p_key text, p_hash text, p_venue text, p_cents bigint,
  p_to_venue boolean, p_tx uuid, p_at timestamptz, p_replies text[],
  OUT claim integer, OUT status smallint, OUT body text) LANGUAGE plpgsql AS $$
DECLARE
  v_central integer;
  v_venue integer;
BEGIN
  claim := 0;
  IF p_key IS NOT NULL THEN
    SELECT c.claim, c.status, c.body INTO claim, status, body FROM money_claim(p_user, p_key, p_hash) c;
    IF claim <= 0 THEN RETURN; END IF;
  END IF;
  IF (SELECT transferstatus FROM users WHERE id = p_user) = 1 THEN
    status := 400; body := p_replies[3];
  ELSIF NOT EXISTS (SELECT 1 FROM game_platforms WHERE platform_name = p_venue AND app_state = 1) THEN
    status := 400; body := p_replies[4];
  ELSE
    -- 'central' is CENTRAL_VENUE (db/schema/wallets.ts).
    v_central := money_wallet(p_user, 'central');
    v_venue := money_wallet(p_user, p_venue);
    IF money_post(p_tx, 'transfer', p_venue, p_at, jsonb_build_array(
        jsonb_build_object('w', v_central, 'c', (CASE WHEN p_to_venue THEN -p_cents ELSE p_cents END)::text),
        jsonb_build_object('w', v_venue, 'c', (CASE WHEN p_to_venue THEN p_cents ELSE -p_cents END)::text))) THEN
      status := 200; body := p_replies[1];
    ELSE
      status := 400; body := p_replies[2];
    END IF;
  END IF;
  IF claim > 0 THEN
    UPDATE idempotency_keys k SET status = money_transfer.status, body = money_transfer.body WHERE k.id = claim;
  END IF;
END $$;
--> statement-breakpoint

-- 一键回收 (wallet/service.ts transferAll): every venue balance back to the central wallet.
CREATE FUNCTION money_transfer_all(p_user integer, p_key text, p_hash text, p_tx uuid, p_at timestamptz,
  p_reply text, OUT claim integer, OUT status smallint, OUT body text, OUT moved bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_legs jsonb;
BEGIN
  claim := 0;
  moved := 0;
  IF p_key IS NOT NULL THEN
    SELECT c.claim, c.status, c.body INTO claim, status, body FROM money_claim(p_user, p_key, p_hash) c;
    IF claim <= 0 THEN RETURN; END IF;
  END IF;
  -- Every wallet of the member locked in id order before the balances are read.
  SELECT coalesce(sum(w.balance_cents) FILTER (WHERE w.venue <> 'central' AND w.balance_cents > 0), 0),
         jsonb_agg(jsonb_build_object('w', w.id, 'c', (-w.balance_cents)::text) ORDER BY w.id)
           FILTER (WHERE w.venue <> 'central' AND w.balance_cents > 0)
    INTO moved, v_legs
    FROM (SELECT id, venue, balance_cents FROM wallets WHERE user_id = p_user ORDER BY id FOR UPDATE) w;
  IF moved > 0 THEN
    PERFORM money_post(p_tx, 'transall', '', p_at,
      v_legs || jsonb_build_array(jsonb_build_object('w', money_wallet(p_user, 'central'), 'c', moved::text)));
  END IF;
  status := 200;
  body := p_reply;
  IF claim > 0 THEN
    UPDATE idempotency_keys k SET status = 200, body = p_reply WHERE k.id = claim;
  END IF;
END $$;
