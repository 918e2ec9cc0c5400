-- SMS: two-factor sign-in required by a tenant or chosen by a user.

ALTER TABLE tenants ADD COLUMN two_factor_required boolean NOT NULL DEFAULT false;
ALTER TABLE accounts ADD COLUMN two_factor_enabled boolean NOT NULL DEFAULT false;
