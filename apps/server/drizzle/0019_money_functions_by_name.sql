-- Hand-written (drizzle-kit generate --custom; drizzle.config.ts says which migrations are): the
-- transfer functions of 0015 take what they used to repeat from the TypeScript side as data. The
-- central wallet's code is a parameter (CENTRAL_VENUE of db/schema/wallets.ts), and the replies are
-- named ({"ok", "insufficient", "auto_transfer_on", "no_venue"}), not passed by position. The claim
-- (money_claim) and a wallet's creation (money_wallet) are unchanged: the TypeScript side now calls
-- them instead of writing them again (http/idempotency.ts claim, wallet/ledger.ts walletId).

DROP FUNCTION money_transfer(integer, text, text, text, bigint, boolean, uuid, timestamptz, text[]);
--> statement-breakpoint
DROP FUNCTION money_transfer_all(integer, text, text, uuid, timestamptz, text);
--> statement-breakpoint

-- Whether members can move money to and from a venue: an enabled game platform (the demo venue
-- provider's rule, wallet/venues.ts; money-functions.test.ts proves the two agree).
CREATE FUNCTION money_venue_open(p_venue text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM game_platforms WHERE platform_name = p_venue AND app_state = 1)
$$;
--> statement-breakpoint

-- 转账 (wallet/service.ts transferCall): the claim, the checks, the movement and the stored reply.
CREATE FUNCTION money_transfer(p_user integer, p_key text, p_hash text, p_central text, p_venue text,
  p_cents bigint, p_to_venue boolean, p_tx uuid, p_at timestamptz, p_replies jsonb,
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
    status := 400; body := p_replies->>'auto_transfer_on';
  ELSIF NOT money_venue_open(p_venue) THEN
    status := 400; body := p_replies->>'no_venue';
  ELSE
    v_central := money_wallet(p_user, p_central);
    v_venue := money_wallet(p_user, p_venue);
    IF money_post(p_tx, 'transfer', p_venue, p_at, jsonb_build_array(
        jsonb_build_object('w', v_central, 'c', (CASE WHEN p_to_venue THEN -p_cents ELSE p_cents END)::text),
        jsonb_build_object('w', v_venue, 'c', (CASE WHEN p_to_venue THEN p_cents ELSE -p_cents END)::text))) THEN
      status := 200; body := p_replies->>'ok';
    ELSE
      status := 400; body := p_replies->>'insufficient';
    END IF;
  END IF;
  IF body IS NULL THEN
    RAISE EXCEPTION 'money_transfer: no reply text for status %', status;
  END IF;
  IF claim > 0 THEN
    UPDATE idempotency_keys k SET status = money_transfer.status, body = money_transfer.body WHERE k.id = claim;
  END IF;
END $$;
--> statement-breakpoint

-- 一键回收 (wallet/service.ts transferAllCall): every venue balance back to the central wallet.
CREATE FUNCTION money_transfer_all(p_user integer, p_key text, p_hash text, p_central text, p_tx uuid,
  p_at timestamptz, p_reply text, OUT claim integer, OUT status smallint, OUT body text, OUT moved bigint)
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
  SELECT coalesce(sum(w.balance_cents) FILTER (WHERE w.venue <> p_central AND w.balance_cents > 0), 0),
         jsonb_agg(jsonb_build_object('w', w.id, 'c', (-w.balance_cents)::text) ORDER BY w.id)
           FILTER (WHERE w.venue <> p_central AND w.balance_cents > 0)
    INTO moved, v_legs
    FROM (SELECT id, venue, balance_cents FROM wallets WHERE user_id = p_user ORDER BY id FOR UPDATE) w;
  IF moved > 0 THEN
    PERFORM money_post(p_tx, 'transall', '', p_at,
      v_legs || jsonb_build_array(jsonb_build_object('w', money_wallet(p_user, p_central), 'c', moved::text)));
  END IF;
  status := 200;
  body := p_reply;
  IF claim > 0 THEN
    UPDATE idempotency_keys k SET status = 200, body = p_reply WHERE k.id = claim;
  END IF;
END $$;
