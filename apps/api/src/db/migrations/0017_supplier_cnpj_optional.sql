-- Spec 3 §5: a supplier's CNPJ is optional (the bar/snack account has none). Rows saved with '' for none become null.
ALTER TABLE "suppliers" ALTER COLUMN "sup_cnpj" DROP NOT NULL;--> statement-breakpoint
UPDATE "suppliers" SET "sup_cnpj" = NULL WHERE "sup_cnpj" = '';
