package dev.inferencemetrics.base.ui;

import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.server.auth.AnonymousAllowed;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.transaction.CannotCreateTransactionException;

/** A page whose data source is down, as every page's service fails while PostgreSQL is unreachable. */
@Route(value = "test/database-down/:stage?", autoLayout = false)
@AnonymousAllowed
public class DatabaseDownTestView extends Div implements BeforeEnterObserver {

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        if (event.getRouteParameters().get("stage").filter("begin"::equals).isPresent()) {
            throw new CannotCreateTransactionException(
                    "Could not open JPA EntityManager for transaction",
                    new CannotGetJdbcConnectionException("Connection refused"));
        }
        throw new CannotGetJdbcConnectionException("Failed to obtain JDBC Connection: Connection refused");
    }
}
