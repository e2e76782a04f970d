package dev.inferencemetrics.notify;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the sends of many tenants on a bounded number of threads, sharing them fairly: each tenant's sends wait in a
 * queue of its own, at most {@code perTenant} of one tenant run at once, and the tenants with work take turns. A
 * tenant whose receiver is slow therefore holds at most its own lanes, never another tenant's.
 */
final class DeliveryLanes {

    private static final Logger log = LoggerFactory.getLogger(DeliveryLanes.class);

    private final int threads;
    private final int perTenant;
    private final Map<Long, Queue<Runnable>> queued = new HashMap<>();
    private final Map<Long, Integer> running = new HashMap<>();
    /** Tenants with a send waiting and a lane free, in the order of their turns. */
    private final Queue<Long> turns = new ArrayDeque<>();

    private final Set<Long> inTurn = new HashSet<>();
    private final List<CompletableFuture<Void>> idleWaiters = new ArrayList<>();
    private int busy;

    DeliveryLanes(int threads, int perTenant) {
        if (threads < 1 || perTenant < 1) {
            throw new IllegalArgumentException("delivery lanes need at least one thread and one lane per tenant");
        }
        this.threads = threads;
        this.perTenant = perTenant;
    }

    /** Queues a send of the tenant; it runs when a thread is free and its turn comes. */
    synchronized void submit(long tenantId, Runnable send) {
        queued.computeIfAbsent(tenantId, id -> new ArrayDeque<>()).add(send);
        offerTurn(tenantId);
        dispatch();
    }

    /** Completes once nothing is queued or running (at once if nothing is). */
    synchronized CompletableFuture<Void> idle() {
        CompletableFuture<Void> idle = new CompletableFuture<>();
        if (busy == 0 && queued.isEmpty()) {
            idle.complete(null);
        } else {
            idleWaiters.add(idle);
        }
        return idle;
    }

    private void dispatch() {
        while (busy < threads && !turns.isEmpty()) {
            long tenantId = turns.remove();
            inTurn.remove(tenantId);
            Queue<Runnable> queue = Objects.requireNonNull(queued.get(tenantId), "a tenant in turn has sends queued");
            Runnable send = queue.remove();
            if (queue.isEmpty()) {
                queued.remove(tenantId);
            }
            running.merge(tenantId, 1, Integer::sum);
            busy++;
            offerTurn(tenantId);
            Thread.ofVirtual().name("alert-delivery-" + tenantId).start(() -> run(tenantId, send));
        }
    }

    private void run(long tenantId, Runnable send) {
        try {
            send.run();
        } catch (RuntimeException e) {
            log.warn("A delivery of tenant {} failed unexpectedly; it is retried on a later turn", tenantId, e);
        } finally {
            finished(tenantId);
        }
    }

    private synchronized void finished(long tenantId) {
        busy--;
        if (running.merge(tenantId, -1, Integer::sum) == 0) {
            running.remove(tenantId);
        }
        offerTurn(tenantId);
        dispatch();
        if (busy == 0 && queued.isEmpty()) {
            idleWaiters.forEach(idle -> idle.complete(null));
            idleWaiters.clear();
        }
    }

    /** Puts the tenant at the back of the turns when it has a send waiting and a lane free. */
    private void offerTurn(long tenantId) {
        boolean waiting = queued.containsKey(tenantId);
        boolean laneFree = running.getOrDefault(tenantId, 0) < perTenant;
        if (waiting && laneFree && inTurn.add(tenantId)) {
            turns.add(tenantId);
        }
    }
}
