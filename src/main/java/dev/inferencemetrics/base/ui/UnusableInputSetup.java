package dev.inferencemetrics.base.ui;

import com.vaadin.flow.server.ServiceInitEvent;
import com.vaadin.flow.server.VaadinServiceInitListener;
import org.springframework.stereotype.Component;

/** Gives every UI session the handler that answers unusable values in plain words. */
@Component
class UnusableInputSetup implements VaadinServiceInitListener {

    @Override
    public void serviceInit(ServiceInitEvent event) {
        event.getSource().addSessionInitListener(init -> init.getSession().setErrorHandler(new UnusableInputHandler()));
    }
}
