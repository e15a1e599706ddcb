-- The member's services (issue 13, spec 1 §3 "Member service": svcEditPlugin): which services open a plugin form on the
-- member (plgCelular, plgCCH, plgCCHAdd, plgSeguroVida, plgHealth). A row per service that has one; no foreign key to
-- services on purpose: the demo seed empties the services registry with TRUNCATE (a referencing table would refuse it),
-- and a plugin row of a service that no longer exists is simply never joined.
CREATE TABLE "service_plugins" (
	"svc_id" integer PRIMARY KEY NOT NULL,
	"plugin" varchar(16) NOT NULL,
	CONSTRAINT "service_plugins_plugin_ck" CHECK ("plugin" IN ('plgCelular', 'plgCCH', 'plgCCHAdd', 'plgSeguroVida', 'plgHealth'))
);
