-- Languages (issue 22): the language an account chose for its pages, e-mails and
-- notifications, as a primary tag (`en`, `tr`, `ar`, `el`, `ca`); NULL until chosen
-- (then the cookie or the browser's Accept-Language decides, else English). No CHECK:
-- adding a language needs no migration (the server reads a tag it does not know as
-- NULL).

ALTER TABLE accounts ADD COLUMN language TEXT;
