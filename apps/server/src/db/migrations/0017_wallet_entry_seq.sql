-- Issue 15: a wallet entry's seq is drawn when its row is formed, before the BEFORE INSERT trigger
-- waits for the wallet's row lock; two entries of one wallet at once could then get their seq in
-- one order and their balance_after in the other, and the ledger read by seq would not add up.
-- The trigger now draws seq once it holds the wallet (the lock is kept until commit), so seq order
-- is the order the balance moved in, whoever inserts (seq may skip numbers; it was never gap-free).
CREATE OR REPLACE FUNCTION wallet_entry_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO wallets (shop_id, balance) VALUES (NEW.shop_id, 0) ON CONFLICT (shop_id) DO NOTHING;
  UPDATE wallets SET balance = balance + NEW.amount, updated_at = now()
   WHERE shop_id = NEW.shop_id
  RETURNING balance INTO NEW.balance_after;
  NEW.seq := nextval(pg_get_serial_sequence('wallet_entries', 'seq'));
  RETURN NEW;
END $$;
