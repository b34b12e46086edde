package io.gleaner.deploy.cli;

import io.gleaner.qos.QosConfig;
import io.gleaner.qos.QosSettingsDef;
import io.gleaner.runtime.StageSettings;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * What {@code gleaner agent} takes of the QoS controller's settings, as the QoS stage's own {@code --qos-*} options
 * (one declaration, {@link QosSettingsDef}): the safety margins it leaves out of its offer, and the controller that
 * {@code --qos local} runs; not the stage's Kafka Streams settings, which an agent has no use for.
 */
@Command(modelTransformer = StageOptions.Generator.class)
final class AgentQosOptions extends StageOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    AgentQosOptions() {
        super(QosSettingsDef.CONFIG, "qos-", allBut(StageSettings.APPLICATION_ID, StageSettings.INSTANCE_ID,
                StageSettings.COMMIT_INTERVAL_MS, StageSettings.STREAM_THREADS, StageSettings.STATE_DIR,
                StageSettings.STANDBY_REPLICAS, StageSettings.SESSION_TIMEOUT_MS), Map.of());
    }

    QosConfig config() {
        try {
            return QosConfig.from(properties());
        } catch (IllegalArgumentException e) {
            throw new ParameterException(mixee.commandLine(), e.getMessage(), e);
        }
    }
}
