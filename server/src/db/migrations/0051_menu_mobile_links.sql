-- Issue 25: the mobile page lists the user's applications from the same menu tree as the shell. An
-- item may name the address its mobile version lives at; the mobile page opens that, and the item's
-- own page full-screen where there is none.
ALTER TABLE menu_items ADD COLUMN mobile_link text;
