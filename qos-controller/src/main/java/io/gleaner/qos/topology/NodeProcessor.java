package io.gleaner.qos.topology;

import io.gleaner.qos.QosRecords;
import io.gleaner.qos.core.NodeControl;
import io.gleaner.qos.core.QosController;
import io.gleaner.runtime.metrics.GleanerMeters;
import java.time.Instant;
import java.util.Objects;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes a node's event into its {@link NodeView} and ticks the node at the event's time: read the store, call the
 * core, write the store and forward. The period gate is the core's ({@link QosController#tick}): a tick happens when
 * the event's time is at least one period after the node's last tick (or the node was never ticked), so ticks follow
 * the records; between two records of a node nothing happens (no wall-clock punctuation, and no stream-time one
 * either: with no new record there is nothing new to decide on). The controller's memory of the node ({@link NodeControl}:
 * last tick, CPU limit in force) is kept in the view, so the store, restored from its changelog, is the one source of
 * truth across restarts and rebalances.
 */
final class NodeProcessor implements Processor<String, NodeEvent, String, io.gleaner.schemas.avro.QosAction> {

    private static final Logger log = LoggerFactory.getLogger(NodeProcessor.class);

    private final QosController controller;
    private ProcessorContext<String, io.gleaner.schemas.avro.QosAction> context;
    private KeyValueStore<String, NodeView> nodes;

    NodeProcessor(QosController controller) {
        this.controller = Objects.requireNonNull(controller, "controller");
    }

    @Override
    public void init(ProcessorContext<String, io.gleaner.schemas.avro.QosAction> context) {
        this.context = context;
        this.nodes = context.getStateStore(QosStores.NODES);
    }

    @Override
    public void process(Record<String, NodeEvent> record) {
        var event = record.value();
        var nodeId = event.nodeId();
        var view = nodes.get(nodeId);
        if (view == null) {
            view = NodeView.empty();
        }
        view.apply(event);
        var time = Instant.ofEpochMilli(event.timeMs());
        var observation = view.observation(nodeId, time);
        if (observation != null) {
            var tick = controller.tick(observation, view.control());
            if (tick.isPresent()) {
                view.ticked(tick.get().control());
                for (var action : tick.get().actions()) {
                    log.debug("node {} at {}: {} {}", nodeId, time, action.kind(), action.reason());
                    GleanerMeters.qosAction(action.kind().name());
                    context.forward(new Record<>(nodeId, QosRecords.toAvro(action), action.time().toEpochMilli()));
                }
            }
        }
        nodes.put(nodeId, view);
    }
}
