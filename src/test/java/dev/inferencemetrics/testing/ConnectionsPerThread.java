package dev.inferencemetrics.testing;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.jdbc.datasource.DelegatingDataSource;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

/**
 * Watches the application's connection pool for a thread that takes a second connection while it still holds one:
 * with a pool of n, n such threads each holding their first connection wait for ever for a second (until the pool's
 * timeout answers 503). Wraps the application's {@link DataSource} bean and remembers each such moment with the
 * request being served and where it happened; {@code HttpIntegrationTest} asserts after every test that none came.
 */
public final class ConnectionsPerThread implements BeanPostProcessor {

    private final ThreadLocal<int[]> held = ThreadLocal.withInitial(() -> new int[1]);
    private final ConcurrentLinkedQueue<SecondConnection> seconds = new ConcurrentLinkedQueue<>();

    /** A thread that took a connection while it held {@code alreadyHeld} others. */
    public record SecondConnection(String thread, String request, int alreadyHeld, Throwable where) {

        @Override
        public String toString() {
            StringBuilder text = new StringBuilder(
                    thread + " serving " + request + " took connection " + (alreadyHeld + 1) + " at once, at:");
            for (StackTraceElement frame : where.getStackTrace()) {
                if (frame.getClassName().startsWith("dev.inferencemetrics.")) {
                    text.append("\n    ").append(frame);
                }
            }
            return text.toString();
        }
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        return bean instanceof DataSource dataSource && "dataSource".equals(beanName) ? watched(dataSource) : bean;
    }

    /** Every time since the last {@link #forget()} that a thread took a second connection at once. */
    public List<SecondConnection> seconds() {
        return List.copyOf(seconds);
    }

    public void forget() {
        seconds.clear();
    }

    private DataSource watched(DataSource pool) {
        return new DelegatingDataSource(pool) {
            @Override
            public Connection getConnection() throws SQLException {
                return counted(obtainTargetDataSource().getConnection());
            }

            @Override
            public Connection getConnection(String username, String password) throws SQLException {
                return counted(obtainTargetDataSource().getConnection(username, password));
            }
        };
    }

    private Connection counted(Connection connection) {
        int[] count = held.get();
        if (count[0] > 0) {
            seconds.add(new SecondConnection(
                    Thread.currentThread().toString(), currentRequest(), count[0], new Throwable()));
        }
        count[0]++;
        AtomicBoolean closed = new AtomicBoolean();
        InvocationHandler handler = (proxy, method, arguments) -> {
            if (method.getName().equals("close") && closed.compareAndSet(false, true)) {
                count[0]--;
            }
            try {
                return method.invoke(connection, arguments);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        return (Connection)
                Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class}, handler);
    }

    private static String currentRequest() {
        if (RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes) {
            return attributes.getRequest().getMethod() + " "
                    + attributes.getRequest().getRequestURI();
        }
        return "no request";
    }
}
