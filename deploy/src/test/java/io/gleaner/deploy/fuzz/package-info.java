/**
 * The fuzz test's hostile input (issue 23): a seeded generator of records for every topic a stage reads
 * ({@link io.gleaner.deploy.fuzz.HostileRecords}), what each record is expected to do to the stages
 * ({@link io.gleaner.deploy.fuzz.Expectation}), and the ledger that matches the dead letters the stages wrote to the
 * records sent ({@link io.gleaner.deploy.fuzz.DeadLetterLedger}). The test that runs them against {@code gleaner run}'s
 * stages on a real broker is {@code io.gleaner.deploy.cli.HostileInputIT}; {@code docs/fuzzing.md} says how to run it.
 */
package io.gleaner.deploy.fuzz;
