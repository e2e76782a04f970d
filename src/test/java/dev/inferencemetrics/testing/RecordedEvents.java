package dev.inferencemetrics.testing;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.PayloadApplicationEvent;

/** Application events the shared test context publishes while a test listens, from any thread. */
public final class RecordedEvents implements AutoCloseable {

    private final ConfigurableApplicationContext context;
    private final List<Object> events = new CopyOnWriteArrayList<>();
    private final ApplicationListener<PayloadApplicationEvent<?>> listener = event -> events.add(event.getPayload());

    private RecordedEvents(ConfigurableApplicationContext context) {
        this.context = context;
        context.addApplicationListener(listener);
    }

    public static RecordedEvents listen(ApplicationContext context) {
        return new RecordedEvents((ConfigurableApplicationContext) context);
    }

    public <T> List<T> of(Class<T> type) {
        return events.stream().filter(type::isInstance).map(type::cast).toList();
    }

    @Override
    public void close() {
        context.removeApplicationListener(listener);
    }
}
