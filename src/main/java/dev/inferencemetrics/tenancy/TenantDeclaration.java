package dev.inferencemetrics.tenancy;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Declares a transaction's tenant scope on entry to the work that runs in it, and gives a transaction joined by a
 * method of another scope its own declaration back when that method returns: an operator's method that reads one
 * deployment through a method taking that deployment goes on seeing every tenant afterwards. Both the transactional
 * methods ({@link TenantDeclarationAdvisor}) and programmatic transactions ({@link TenantTransactions}) come here, so
 * the declaration has one path.
 */
@Component
public class TenantDeclaration {

    /** The scope in force in each transaction of this thread that came through here, innermost first. */
    private static final ThreadLocal<Deque<Frame>> FRAMES = ThreadLocal.withInitial(ArrayDeque::new);

    private final DatabaseTenant databaseTenant;

    TenantDeclaration(DatabaseTenant databaseTenant) {
        this.databaseTenant = databaseTenant;
    }

    /** Work to run with its scope declared. */
    @FunctionalInterface
    public interface Work<T extends @Nullable Object> {
        T run() throws Throwable;
    }

    /**
     * Runs the work with the scope declared in the current transaction. Without a scope, the work keeps what its
     * transaction already declared; a new transaction without one declares nothing, so row-level security shows it
     * no tenant's rows. Outside a transaction nothing is declared.
     *
     * @param newTransaction whether the work began the current transaction (rather than joined an outer one)
     */
    <T extends @Nullable Object> T run(@Nullable TenantScope scope, boolean newTransaction, Work<T> work)
            throws Throwable {
        if (!TransactionSynchronizationManager.isActualTransactionActive()) {
            return work.run();
        }
        Deque<Frame> frames = FRAMES.get();
        boolean outerKnown = !newTransaction && !frames.isEmpty();
        @Nullable TenantScope outer = outerKnown ? frames.peek().scope() : null;
        boolean declares = scope != null && !(outerKnown && scope.equals(outer));
        if (declares) {
            databaseTenant.declare(Objects.requireNonNull(scope));
        }
        frames.push(new Frame(scope != null ? scope : outer));
        Throwable failure = null;
        try {
            return work.run();
        } catch (Throwable t) {
            failure = t;
            throw t;
        } finally {
            frames.pop();
            if (frames.isEmpty()) {
                FRAMES.remove();
            }
            if (declares && outerKnown) {
                giveBack(outer, failure);
            }
        }
    }

    /** The joined transaction's own declaration, again; a failure here never hides the work's own. */
    private void giveBack(@Nullable TenantScope outer, @Nullable Throwable failure) {
        try {
            if (outer == null) {
                databaseTenant.withdraw();
            } else {
                databaseTenant.declare(outer);
            }
        } catch (RuntimeException e) {
            if (failure == null) {
                throw e;
            }
            failure.addSuppressed(e);
        }
    }

    private record Frame(@Nullable TenantScope scope) {}
}
