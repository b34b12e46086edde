package io.gleaner.deploy.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gleaner.deploy.jobs.JobFile;
import io.gleaner.deploy.jobs.JobFileException;
import io.gleaner.deploy.jobs.JobStatus;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.serde.AvroSerializer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.function.Predicate;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code gleaner jobs submit|status|watch}: submit a job from a JSON file, and follow it on {@code jobs.events}. */
@Command(name = "jobs", mixinStandardHelpOptions = true,
        description = "Submit a job described in JSON, and follow jobs through their life-cycle events "
                + "(the jobs.events topic). docs/jobs.md describes the file and the exit codes.",
        subcommands = {JobsCommand.Submit.class, JobsCommand.Status.class, JobsCommand.Watch.class})
final class JobsCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "submit", mixinStandardHelpOptions = true,
            description = {"Check a job file and produce its job to jobs.submitted; prints the job id.",
                    "Bad input (a file that is not valid JSON, a missing or mistyped field, a size without a known "
                            + "unit, a limit of the topic broken, an unknown placeholder) prints the JSON path of "
                            + "the problem and exits with 2."},
            footerHeading = "%nA job file (docs/jobs.md lists every field and its default):%n",
            footer = {
                    "{",
                    "  \"jobName\": \"wordcount\", \"user\": \"alice\", \"queue\": \"default\", \"priority\": 0,",
                    "  \"deadline\": \"PT2H\",",
                    "  \"tasks\": [",
                    "    {\"kind\": \"map\", \"count\": 8, \"bytesPerTask\": \"128MiB\", \"flopPerByte\": 3100,",
                    "     \"demand\": {\"cpus\": 1, \"memory\": \"2GiB\"}, \"dataset\": \"logs\", \"firstChunk\": 0,",
                    "     \"spec\": {\"command\": [\"/opt/wc/map\", \"--lines\"], \"env\": {\"LANG\": \"C\"},",
                    "              \"inputLocation\": \"s3://data/{dataset}/part-{chunk}\",",
                    "              \"outputLocation\": \"s3://tmp/{job}/{kind}-{task}-{attempt}\"}},",
                    "    {\"kind\": \"reduce\", \"count\": 1, \"bytesPerTask\": \"64MiB\",",
                    "     \"demand\": {\"cpus\": 1, \"memory\": \"4GiB\"},",
                    "     \"spec\": {\"image\": \"ghcr.io/acme/wc-reduce:1\",",
                    "              \"outputLocation\": \"s3://out/{job}/part-{task}\"}}",
                    "  ]",
                    "}"})
    static final class Submit implements Callable<Integer> {

        @Parameters(paramLabel = "FILE", description = "The job file, JSON; - reads standard input.")
        String file;

        @Option(names = "--submit-time", paramLabel = "TIME",
                description = "Submission time (ISO-8601, e.g. 2026-11-28T09:30:00Z) when the file gives no "
                        + "submitTime; default: now.")
        Instant submitTime;

        @Option(names = "--deadline", paramLabel = "TIME|DURATION",
                description = "The job's deadline, in place of the file's \"deadline\": an ISO-8601 time "
                        + "(2026-11-28T11:30:00Z) or an ISO-8601 duration after the submission (PT2H); default: the "
                        + "file's, else none.")
        String deadline;

        @Option(names = "--dry-run",
                description = "Check the file and print the job as it would be produced, without Kafka.")
        boolean dryRun;

        @Mixin
        KafkaOptions kafka;

        @Mixin
        EmbeddedOptions embedded;

        @Mixin
        RegistryOptions registry;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            var err = spec.commandLine().getErr();
            JobSubmitted job;
            try {
                // The wall clock only stands in for a submission time the user did not give.
                job = JobFile.read(read(file), Optional.ofNullable(submitTime).orElseGet(Instant::now),
                        Optional.ofNullable(deadline));
            } catch (NoSuchFileException e) {
                err.println("gleaner jobs submit: no such file: " + e.getFile());
                return 2;
            } catch (JobFileException e) {
                err.println("gleaner jobs submit: " + file + ": " + e.getMessage());
                return 2;
            }
            var out = spec.commandLine().getOut();
            if (dryRun) {
                out.println(job);
                return 0;
            }
            var topic = kafka.topics().jobsSubmitted();
            try (var environment = KafkaEnvironment.withRegistry(kafka, embedded, registry);
                 var producer = new KafkaProducer<>(environment.clientConfig(Map.<String, Object>of(
                         ProducerConfig.ACKS_CONFIG, "all",
                         ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                         ProducerConfig.MAX_BLOCK_MS_CONFIG, (int) CommittedReader.METADATA_WAIT.toMillis())),
                         new StringSerializer(), new AvroSerializer<>(JobSubmitted.class,
                                 environment.registryClient()))) {
                try {
                    producer.send(new ProducerRecord<>(topic.name(), job.getJobId(), job)).get();
                } catch (ExecutionException e) {
                    throw new IllegalStateException("cannot produce job " + job.getJobId() + " to " + topic.name()
                            + " at " + environment.bootstrapServers() + ": " + e.getCause().getMessage(), e);
                }
            }
            out.println(job.getJobId());
            return 0;
        }

        private static String read(String file) throws IOException {
            if (file.equals("-")) {
                return new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
            }
            return Files.readString(Path.of(file), StandardCharsets.UTF_8);
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true,
            description = {"Print where a job stands: its latest state, since when, and its task and attempt counts, "
                    + "from its events on jobs.events (read_committed, only the partition its id hashes to).",
                    "Exit code 0 when the job has events, 1 when it has none."})
    static final class Status implements Callable<Integer> {

        @Parameters(paramLabel = "ID", description = "The job id (the one submit printed).")
        String jobId;

        @Option(names = "--json", description = "Print the status as one JSON object.")
        boolean json;

        @Mixin
        KafkaOptions kafka;

        @Mixin
        EmbeddedOptions embedded;

        @Mixin
        RegistryOptions registry;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws JsonProcessingException {
            var topic = kafka.topics().jobsEvents();
            Optional<JobStatus> status = Optional.empty();
            try (var environment = KafkaEnvironment.withRegistry(kafka, embedded, registry);
                 var events = new CommittedReader<>(environment, topic, spec.commandLine().getErr())) {
                var partition = events.partitionOf(jobId);
                if (partition.isPresent()) {
                    events.assign(List.of(partition.get()), true);
                    var end = events.endOffsets();
                    while (!events.reached(end)) {
                        for (var event : events.poll(jobId::equals)) {
                            status = Optional.of(JobStatus.after(status, event));
                        }
                    }
                }
            }
            if (status.isEmpty()) {
                spec.commandLine().getErr().println("gleaner jobs status: job " + jobId
                        + " is unknown: it has no events on " + topic.name());
                return 1;
            }
            var out = spec.commandLine().getOut();
            out.print(json ? new ObjectMapper().writeValueAsString(status.get().json()) + System.lineSeparator()
                    : status.get().text());
            return 0;
        }
    }

    @Command(name = "watch", mixinStandardHelpOptions = true,
            description = {"Print one line per event of jobs.events (read_committed) as it comes, until Ctrl-C.",
                    "With --job ID --until-done: that job's events from its first, and exit when it is done: 0 when "
                            + "it SUCCEEDED, " + JobStatus.FAILED_EXIT_CODE + " when it FAILED, "
                            + JobStatus.REJECTED_EXIT_CODE + " when it was REJECTED."})
    static final class Watch implements Callable<Integer> {

        @Option(names = "--job", paramLabel = "ID", description = "Only this job's events.")
        String jobId;

        @Option(names = "--from-beginning", description = "Start at the oldest event kept, not at the next one.")
        boolean fromBeginning;

        @Option(names = "--until-done",
                description = "With --job: exit when the job SUCCEEDED, FAILED or was REJECTED (implies "
                        + "--from-beginning, so a job that already ended returns at once).")
        boolean untilDone;

        @Mixin
        KafkaOptions kafka;

        @Mixin
        EmbeddedOptions embedded;

        @Mixin
        RegistryOptions registry;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            if (untilDone && jobId == null) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--until-done needs --job ID");
            }
            var topic = kafka.topics().jobsEvents();
            var out = spec.commandLine().getOut();
            Predicate<String> selected = jobId == null ? key -> true : jobId::equals;
            // Ctrl-C ends the loop, and the shutdown waits until the reader and an embedded broker have closed.
            try (var shutdown = new ShutdownWait();
                 var environment = KafkaEnvironment.withRegistry(kafka, embedded, registry);
                 var events = new CommittedReader<>(environment, topic, spec.commandLine().getErr())) {
                var partitions = jobId == null ? events.partitions() : events.partitionOf(jobId).map(List::of)
                        .orElse(List.of());
                if (partitions.isEmpty()) {
                    throw new IllegalStateException("topic " + topic.name() + " does not exist at "
                            + environment.bootstrapServers());
                }
                events.assign(partitions, fromBeginning || untilDone);
                Optional<JobStatus> status = Optional.empty();
                while (!shutdown.shuttingDown()) {
                    for (var event : events.poll(selected)) {
                        out.println(JobStatus.line(event));
                        status = Optional.of(JobStatus.after(status, event));
                        if (untilDone && status.get().done()) {
                            out.flush();
                            return status.get().exitCode();
                        }
                    }
                    out.flush();
                }
                return 0;
            }
        }
    }
}
