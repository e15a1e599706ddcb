-- The people change feed (0009) announced every UPDATE of customers, addresses and terceiros, so each member save
-- bumped data_versions 'people', notified every API instance and made each reload the member's family into its
-- search index, even when the save changed only an e-mail or a list. An UPDATE now counts only the rows whose
-- searchable columns (the suggestion's: search.repository.ts MEMBER_SUGGESTION / TERCEIRO_SUGGESTION, and what the
-- index orders by) changed; INSERT, DELETE and TRUNCATE stay as they were.
CREATE FUNCTION people_changed_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	version bigint;
	ids int[];
	kind text := CASE WHEN TG_TABLE_NAME = 'terceiros' THEN 'terceiros' ELSE 'customers' END;
BEGIN
	IF TG_TABLE_NAME = 'customers' THEN
		SELECT array_agg(DISTINCT v.id) INTO ids FROM (
			SELECT n.cst_id AS a, o.cst_id AS b FROM new_rows n FULL JOIN old_rows o ON o.cst_id = n.cst_id
			 WHERE o.cst_id IS NULL OR n.cst_id IS NULL
			    OR (o.parent_id, o.cust_name, o.search_name, o.cust_numero_interno, o.cust_cpf, o.cust_birthdate, o.cust_deceased,
			        o.cust_assoc_situacao, o.cust_status, o.cust_photo_key, o.cust_socio, o.cust_celular_ddd, o.cust_celular)
			       IS DISTINCT FROM
			       (n.parent_id, n.cust_name, n.search_name, n.cust_numero_interno, n.cust_cpf, n.cust_birthdate, n.cust_deceased,
			        n.cust_assoc_situacao, n.cust_status, n.cust_photo_key, n.cust_socio, n.cust_celular_ddd, n.cust_celular)
		) changed, LATERAL (VALUES (changed.a), (changed.b)) AS v(id) WHERE v.id IS NOT NULL;
	ELSIF TG_TABLE_NAME = 'addresses' THEN
		SELECT array_agg(DISTINCT v.id) INTO ids FROM (
			SELECT n.cst_id AS a, o.cst_id AS b FROM new_rows n FULL JOIN old_rows o ON o.cst_id = n.cst_id AND o.kind = n.kind
			 WHERE o.cst_id IS NULL OR n.cst_id IS NULL
			    OR (o.ad_phone_ddd, o.ad_phone, o.ad_phone_ddd2, o.ad_phone2) IS DISTINCT FROM (n.ad_phone_ddd, n.ad_phone, n.ad_phone_ddd2, n.ad_phone2)
		) changed, LATERAL (VALUES (changed.a), (changed.b)) AS v(id) WHERE v.id IS NOT NULL;
	ELSE
		SELECT array_agg(DISTINCT v.id) INTO ids FROM (
			SELECT n.ter_id AS a, o.ter_id AS b FROM new_rows n FULL JOIN old_rows o ON o.ter_id = n.ter_id
			 WHERE o.ter_id IS NULL OR n.ter_id IS NULL
			    OR (o.ter_nome, o.search_name, o.ter_cpf_cnpj, o.ter_telefone1, o.ter_telefone2, o.deleted_at)
			       IS DISTINCT FROM (n.ter_nome, n.search_name, n.ter_cpf_cnpj, n.ter_telefone1, n.ter_telefone2, n.deleted_at)
		) changed, LATERAL (VALUES (changed.a), (changed.b)) AS v(id) WHERE v.id IS NOT NULL;
	END IF;
	IF ids IS NULL THEN
		RETURN NULL; -- no searchable column changed
	END IF;
	IF cardinality(ids) > 500 THEN
		ids := NULL;
	END IF;
	UPDATE data_versions SET v = v + 1 WHERE name = 'people' RETURNING v INTO version;
	PERFORM pg_notify('people_changed', json_build_object('v', version, 'kind', kind, 'ids', ids)::text);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER customers_changed_upd ON customers;
--> statement-breakpoint
CREATE TRIGGER customers_changed_upd AFTER UPDATE ON customers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION people_changed_update();
--> statement-breakpoint
DROP TRIGGER addresses_changed_upd ON addresses;
--> statement-breakpoint
CREATE TRIGGER addresses_changed_upd AFTER UPDATE ON addresses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION people_changed_update();
--> statement-breakpoint
DROP TRIGGER terceiros_changed_upd ON terceiros;
--> statement-breakpoint
CREATE TRIGGER terceiros_changed_upd AFTER UPDATE ON terceiros REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION people_changed_update();
