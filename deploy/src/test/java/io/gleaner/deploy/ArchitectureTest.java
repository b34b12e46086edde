package io.gleaner.deploy;

import static com.tngtech.archunit.base.DescribedPredicate.alwaysTrue;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;

/**
 * The dependency rules of CONVENTIONS §1, checked on the compiled classes of every module (deploy depends on them all),
 * so that a wrong-way import fails the build instead of waiting for a reader to grep for it.
 */
@AnalyzeClasses(packages = "io.gleaner", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    /** The pure cores: records in, records out; Kafka and Avro live in the adapters around them. */
    @ArchTest
    static final ArchRule coresUseNeitherKafkaNorAvro = noClasses().that().resideInAPackage("io.gleaner..core..")
            .should().dependOnClassesThat().resideInAnyPackage("org.apache.kafka..", "org.apache.avro..",
                    "io.gleaner.schemas.avro..")
            .because("a core is a pure algorithm over plain records (CONVENTIONS §1, §3)");

    /** A core never reaches into an adapter, its own stage's or another's. */
    @ArchTest
    static final ArchRule coresUseNoAdapter = noClasses().that().resideInAPackage("io.gleaner..core..")
            .should().dependOnClassesThat().resideInAnyPackage("io.gleaner..topology..", "io.gleaner..lockstep..",
                    "io.gleaner.schemas.serde..", "io.gleaner.runtime..")
            .because("adapters depend on cores, never the other way (CONVENTIONS §1)");

    /**
     * A stage's adapter is its own: another stage reads a topic through the topic's contract in {@code schemas}, and
     * only {@code deploy}, which composes the stages, may use every stage's adapter.
     */
    @ArchTest
    static final ArchRule stagesUseNoOtherStagesAdapter = CompositeArchRule.of(adapterOnlyOf("forecaster"))
            .and(adapterOnlyOf("classifier")).and(adapterOnlyOf("planner")).and(adapterOnlyOf("qos"));

    /**
     * The foundations and the stages run one way: {@code schemas} (the contracts) and {@code runtime} (what a stage
     * runs on) know no stage, and no stage knows the offline evaluators or the bench that drive it.
     */
    @ArchTest
    static final ArchRule foundationsKnowNoStage = noClasses()
            .that().resideInAnyPackage("io.gleaner.schemas..", "io.gleaner.runtime..")
            .should().dependOnClassesThat().resideInAnyPackage("io.gleaner.ingest..", "io.gleaner.forecaster..",
                    "io.gleaner.classifier..", "io.gleaner.planner..", "io.gleaner.qos..", "io.gleaner.simulator..",
                    "io.gleaner.evaluators..", "io.gleaner.deploy..")
            .because("contracts and the stage runtime sit below every stage (CONVENTIONS §1)");

    @ArchTest
    static final ArchRule stagesKnowNoEvaluator = noClasses()
            .that().resideInAnyPackage("io.gleaner.forecaster..", "io.gleaner.classifier..", "io.gleaner.planner..",
                    "io.gleaner.qos..")
            .should().dependOnClassesThat().resideInAnyPackage("io.gleaner.simulator..", "io.gleaner.evaluators..")
            .because("the evaluators drive the stages' cores; a stage does not depend on what evaluates it");

    /**
     * The planner's shared model ({@code planner.core}) knows no policy: each policy has a package of its own below
     * it, and only {@code planner.core.policies}, which makes them, knows them all.
     */
    @ArchTest
    static final ArchRule plannerModelKnowsNoPolicy = noClasses().that().resideInAPackage("io.gleaner.planner.core")
            .should().dependOnClassesThat().resideInAPackage("io.gleaner.planner.core.*..")
            .because("the policies depend on the shared model, not the other way");

    /** No policy knows another: what two share lives in the shared model. */
    @ArchTest
    static final ArchRule policiesKnowNoOtherPolicy = slices().matching("io.gleaner.planner.core.(*)..")
            .namingSlices("policy $1").should().notDependOnEachOther()
            .ignoreDependency(resideInAPackage("io.gleaner.planner.core.policies"), alwaysTrue())
            .because("a policy is replaceable on its own; what two policies share lives in planner.core");

    private static ArchRule adapterOnlyOf(String stage) {
        return noClasses().that().resideOutsideOfPackages("io.gleaner." + stage + "..", "io.gleaner.deploy..")
                .should().dependOnClassesThat().resideInAPackage("io.gleaner." + stage + ".topology..")
                .because("a stage reads another's topics through their contract, not through its adapter");
    }
}
