-- Charges (cobranças, issue 14; spec 1 §3 "Charge", decision 6): what the association asks a holder to pay, per debit
-- place, with the bank's return (cobRetorno, cdrCodRet). Money in integer cents. A boleto charge (debit place 11)
-- keeps the bank, agreement, wallet and nosso número it was issued with, so its barcode never changes afterwards.
CREATE TABLE "charge_return_codes" (
	"cdr_cod_ret" integer PRIMARY KEY NOT NULL,
	"cdr_description" varchar(80) NOT NULL,
	"cdr_paid" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
-- FEBRABAN CNAB 150 record F return codes (BANKING-AND-HEALTH §1.5; 19 and 20 from v05). 0 and 31 are paid.
INSERT INTO "charge_return_codes" ("cdr_cod_ret", "cdr_description", "cdr_paid") VALUES
	(0, 'Pago', true),
	(1, 'Não debitado - saldo insuficiente', false),
	(2, 'Não debitado - conta não cadastrada', false),
	(4, 'Não debitado - outras restrições', false),
	(5, 'Não debitado - valor excede o limite aprovado', false),
	(10, 'Não debitado - agência em regime de encerramento', false),
	(12, 'Não debitado - valor inválido', false),
	(13, 'Não debitado - data de lançamento inválida', false),
	(14, 'Não debitado - agência inválida', false),
	(15, 'Não debitado - conta inválida', false),
	(18, 'Não debitado - data do débito anterior à do processamento', false),
	(19, 'Não debitado - agência/conta não pertence ao CPF/CNPJ informado', false),
	(20, 'Não debitado - conta conjunta não solidária', false),
	(30, 'Não debitado - sem contrato de débito automático', false),
	(31, 'Debitado em data diferente da enviada - feriado na praça de débito', true),
	(96, 'Manutenção do cadastro', false),
	(97, 'Cancelamento - débito não encontrado', false),
	(98, 'Cancelamento - não efetuado, fora do tempo hábil', false),
	(99, 'Cancelamento - cancelado conforme solicitação', false);
--> statement-breakpoint
CREATE SEQUENCE "charges_nosso_numero_seq" START WITH 1 MINVALUE 1 MAXVALUE 9999999999;
--> statement-breakpoint
CREATE TABLE "charges" (
	"cob_id" serial PRIMARY KEY NOT NULL,
	"cst_id" integer NOT NULL,
	"bnk_id" integer NOT NULL,
	"cob_agencia" varchar(4),
	"cob_agencia_dv" varchar(1),
	"cob_conta" varchar(8),
	"cob_conta_dv" varchar(1),
	"cob_banco" varchar(3),
	"cob_convenio" varchar(7),
	"cob_carteira" varchar(3),
	"cob_nosso_numero" bigint,
	"cob_vencimento" date NOT NULL,
	"cob_valor" integer NOT NULL,
	"cob_parcela" smallint DEFAULT 1 NOT NULL,
	"cob_parcelas" smallint DEFAULT 1 NOT NULL,
	"cob_retorno" date,
	"cdr_cod_ret" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "charges_valor_ck" CHECK ("cob_valor" > 0),
	CONSTRAINT "charges_parcelas_ck" CHECK ("cob_parcelas" BETWEEN 1 AND 12 AND "cob_parcela" BETWEEN 1 AND "cob_parcelas"),
	CONSTRAINT "charges_retorno_ck" CHECK (("cob_retorno" IS NULL) = ("cdr_cod_ret" IS NULL)),
	CONSTRAINT "charges_boleto_ck" CHECK ("bnk_id" <> 11 OR ("cob_banco" IS NOT NULL AND "cob_convenio" IS NOT NULL AND "cob_carteira" IS NOT NULL AND "cob_nosso_numero" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_cst_id_customers_cst_id_fk" FOREIGN KEY ("cst_id") REFERENCES "public"."customers"("cst_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_cdr_cod_ret_charge_return_codes_cdr_cod_ret_fk" FOREIGN KEY ("cdr_cod_ret") REFERENCES "public"."charge_return_codes"("cdr_cod_ret") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charges_cst_idx" ON "charges" USING btree ("cst_id","cob_vencimento");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_nosso_numero_uq" ON "charges" USING btree ("cob_banco","cob_convenio","cob_nosso_numero") WHERE "cob_nosso_numero" IS NOT NULL;
