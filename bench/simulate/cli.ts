/**
 * npm run simulate -- --url http://localhost:3000 --customers 50 --minutes 2: customers played
 * against a running Backroom (the README, "Simulated customers"). Exits 1 on any 5xx or network error, 2
 * on a bad command line.
 */
import { parseSimulateArgs, type SimulateOptions } from './args';
import { simulationReport } from './report';
import { simulate } from './run';

async function main() {
  let options: SimulateOptions;
  try {
    options = parseSimulateArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
  console.log(
    `Simulating ${options.customers} customers for ${options.seconds} s against ${options.url} (seed ${options.seed})…`,
  );
  const result = await simulate(options, (line) => console.log(line));
  console.log(`\n${simulationReport(result).join('\n')}`);
  process.exit(result.fatal ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
