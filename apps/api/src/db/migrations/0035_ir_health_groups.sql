-- Issue 22 item 2: the informe de rendimentos (IRPF code 26, "Planos de saúde") and the health declaration list only the
-- services whose IR group (services.irgrp_id → extrato_groups) is marked as a health-plan group. Existing groups are
-- marked when a live service of a health product (products.suc_health) uses them as its IR group, so an installation
-- keeps its health plans in the informe and drops the rest (pecúlio, life insurance).
ALTER TABLE "extrato_groups" ADD COLUMN "extgrp_saude" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "extrato_groups" g SET "extgrp_saude" = true
WHERE EXISTS (
	SELECT 1 FROM "services" s JOIN "products" p ON p."suc_id" = s."suc_id"
	WHERE s."irgrp_id" = g."extgrp_id" AND p."suc_health" AND s."deleted_at" IS NULL
);
