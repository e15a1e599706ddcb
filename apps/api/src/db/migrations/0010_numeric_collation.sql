-- pt-BR order with numbers compared by value ("2ª Vara" before "10ª Vara"), for names that start with
-- ordinals: circunscrições, comarcas, fóruns, locals and regions (the web tables sort the same way).
CREATE COLLATION IF NOT EXISTS pt_br_num (provider = icu, locale = 'pt-BR-u-kn-true');
