package dev.inferencemetrics.base.ui;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.page.ExtendedClientDetails;
import com.vaadin.flow.component.page.Page;
import com.vaadin.flow.function.SerializableConsumer;
import com.vaadin.flow.shared.Registration;

/**
 * Tells a page whether it is shown on a phone-sized screen, when attached and whenever the window is resized, so
 * that its grids can show fewer columns there: a grid wider than the screen makes a phone scroll sideways.
 */
public final class NarrowScreen {

    /** Narrower than this, a page shows the few columns a phone has room for. */
    public static final int WIDTH = 700;

    private NarrowScreen() {}

    /** Calls {@code narrow} with whether the window is narrower than {@link #WIDTH}, now and on every resize. */
    public static void follow(Component component, SerializableConsumer<Boolean> narrow) {
        component.addAttachListener(attach -> {
            Page page = attach.getUI().getPage();
            ExtendedClientDetails details = page.getExtendedClientDetails();
            // a width of 0 or less is one the browser has not told: the page stays as wide screens see it
            if (details != null && details.getWindowInnerWidth() > 0) {
                narrow.accept(details.getWindowInnerWidth() < WIDTH);
            }
            Registration resize = page.addBrowserWindowResizeListener(event -> narrow.accept(event.getWidth() < WIDTH));
            component.addDetachListener(detach -> {
                resize.remove();
                detach.unregisterListener();
            });
        });
    }
}
