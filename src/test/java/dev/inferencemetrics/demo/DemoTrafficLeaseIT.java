package dev.inferencemetrics.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.lease.SchedulerLease;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.OwnerJdbc;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

/** With several instances in demo mode, only the one holding the demo-traffic lease sends the simulated traffic. */
@IntegrationTest
class DemoTrafficLeaseIT {

    @Autowired
    TrafficSimulator simulator;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    OwnerJdbc owner;

    @Autowired
    Clock clock;

    @Test
    void an_instance_without_the_demo_traffic_lease_sends_nothing() {
        SchedulerLease otherInstance = new SchedulerLease(jdbc, clock, "other-instance-" + System.nanoTime());
        assertThat(otherInstance.tryAcquire("demo-traffic", Duration.ofMinutes(5)))
                .isTrue();
        try {
            long before = demoSamples();

            simulator.turn();

            assertThat(demoSamples()).isEqualTo(before);
        } finally {
            otherInstance.release("demo-traffic");
        }
    }

    private long demoSamples() {
        return owner.jdbc()
                .queryForObject(
                        "select count(*) from request_sample s join deployment d on d.id = s.deployment_id"
                                + " where d.slug in ('qwen3-coder', 'llama-3-1-70b', 'llama-3-1-8b-nim')",
                        Long.class);
    }
}
