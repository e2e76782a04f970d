package dev.inferencemetrics.notify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Sends of many tenants on few threads: a tenant holds at most its own lanes, and the tenants take turns. */
class DeliveryLanesTest {

    private static final long A = 1;
    private static final long B = 2;
    private static final long C = 3;

    @Test
    void while_every_send_of_one_tenant_hangs_another_tenants_send_runs() throws InterruptedException {
        DeliveryLanes lanes = new DeliveryLanes(4, 2);
        CountDownLatch hung = new CountDownLatch(1);
        AtomicInteger runningOfA = new AtomicInteger();
        AtomicInteger mostOfAAtOnce = new AtomicInteger();
        CountDownLatch othersSent = new CountDownLatch(1);
        for (int send = 0; send < 10; send++) {
            lanes.submit(A, () -> {
                mostOfAAtOnce.accumulateAndGet(runningOfA.incrementAndGet(), Math::max);
                await(hung);
                runningOfA.decrementAndGet();
            });
        }

        lanes.submit(B, othersSent::countDown);

        assertThat(othersSent.await(30, TimeUnit.SECONDS))
                .as("the other tenant's send ran while the first tenant's hung")
                .isTrue();
        hung.countDown();
        lanes.idle().join();
        assertThat(mostOfAAtOnce.get()).isEqualTo(2);
    }

    @Test
    void tenants_with_sends_waiting_take_turns_one_send_each() {
        DeliveryLanes lanes = new DeliveryLanes(1, 1);
        CountDownLatch gate = new CountDownLatch(1);
        List<String> order = new CopyOnWriteArrayList<>();
        lanes.submit(C, () -> await(gate));
        lanes.submit(A, () -> order.add("A1"));
        lanes.submit(A, () -> order.add("A2"));
        lanes.submit(B, () -> order.add("B1"));
        lanes.submit(A, () -> order.add("A3"));
        lanes.submit(C, () -> order.add("C1"));

        gate.countDown();
        lanes.idle().join();

        assertThat(order).containsExactly("A1", "B1", "C1", "A2", "A3");
    }

    @Test
    void a_send_that_throws_frees_its_lane_for_the_next() {
        DeliveryLanes lanes = new DeliveryLanes(1, 1);
        List<String> sent = new CopyOnWriteArrayList<>();
        lanes.submit(A, () -> {
            throw new IllegalStateException("the receiver broke");
        });
        lanes.submit(A, () -> sent.add("next"));

        lanes.idle().join();

        assertThat(sent).containsExactly("next");
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
