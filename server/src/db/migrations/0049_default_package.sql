-- Issue 25: a new tenant is not empty. The platform marks one package as the default of new tenants:
-- a tenant created without naming its packages (the tenant form preselects it, an import names
-- none) holds it from the day it is created. At most one package is the default, and only an
-- active one (a disabled package cannot be given to a tenant).
ALTER TABLE packages ADD COLUMN is_default boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX packages_one_default ON packages ((true)) WHERE is_default;
ALTER TABLE packages ADD CONSTRAINT packages_default_active CHECK (NOT is_default OR status = 'active');
