#!/usr/bin/env node
/**
 * Imports a folder of processes through the import call (POST /api/v1/process/importar), as an integration would.
 *
 *   node apps/api/scripts/import-processes.mjs --url http://localhost:3000 --key <chave de API> <pasta>
 *
 * The key may also come from PROCESS_API_KEY and the address from ASSOC_URL. For each `<nome>.json` of the folder
 * (the `dados` of the call: numero, tribunal, classe, assunto, partes, status, andamentos [{ id, data, texto,
 * documento? }]), `<nome>.pdf` is sent as the process PDF when it exists, and each movement's `documento` names a
 * PDF of the same folder. The call is idempotent: running the script again over the same folder changes nothing.
 * Exit code 1 when any file was refused.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

function parseArgs(argv) {
  const args = { url: process.env.ASSOC_URL ?? 'http://localhost:3000', key: process.env.PROCESS_API_KEY ?? '', folder: '' };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--url') args.url = argv[++i] ?? '';
    else if (argv[i] === '--key') args.key = argv[++i] ?? '';
    else if (argv[i] === '--help' || argv[i] === '-h') args.help = true;
    else args.folder = argv[i];
  }
  return args;
}

async function exists(file) {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

async function importOne(args, folder, name) {
  const dados = JSON.parse(await fs.readFile(path.join(folder, name), 'utf8'));
  const form = new FormData();
  form.append('dados', JSON.stringify(dados));
  const pdf = path.join(folder, `${path.basename(name, '.json')}.pdf`);
  if (await exists(pdf)) form.append('pdf', new Blob([await fs.readFile(pdf)], { type: 'application/pdf' }), path.basename(pdf));
  const documents = new Set((dados.andamentos ?? []).map((m) => m.documento).filter(Boolean));
  for (const document of documents) {
    const file = path.join(folder, path.basename(document));
    if (!(await exists(file))) throw new Error(`documento ${document} não encontrado na pasta`);
    form.append(document, new Blob([await fs.readFile(file)], { type: 'application/pdf' }), path.basename(file));
  }
  const res = await fetch(new URL('/api/v1/process/importar', args.url), { method: 'POST', headers: { 'x-api-key': args.key }, body: form });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`HTTP ${res.status}: ${body.message ?? 'sem mensagem'}`);
  return body;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.help || !args.folder || !args.key) {
    console.log('Uso: node apps/api/scripts/import-processes.mjs --url http://servidor:3000 --key <chave de API> <pasta com .json e .pdf>');
    console.log('     (ou PROCESS_API_KEY e ASSOC_URL no ambiente)');
    process.exitCode = args.help ? 0 : 2;
    return;
  }
  const names = (await fs.readdir(args.folder)).filter((n) => n.endsWith('.json')).sort();
  let failed = 0;
  const totals = { criados: 0, alterados: 0, andamentos: 0 };
  for (const name of names) {
    try {
      const result = await importOne(args, args.folder, name);
      if (result.criado) totals.criados++;
      else if (result.alterado) totals.alterados++;
      totals.andamentos += result.andamentosNovos;
      console.log(
        `${name}: processo ${result.proId} ${result.criado ? 'criado' : result.alterado ? 'alterado' : 'sem alteração'}, ${result.andamentosNovos} andamento(s) novo(s)`,
      );
    } catch (error) {
      failed++;
      console.error(`${name}: recusado — ${error.message}`);
    }
  }
  console.log(
    `${names.length} arquivo(s): ${totals.criados} criado(s), ${totals.alterados} alterado(s), ${totals.andamentos} andamento(s) novo(s), ${failed} recusado(s).`,
  );
  if (failed) process.exitCode = 1;
}

await main();
