package dev.inferencemetrics.notify;

/** Sends one message to one channel, or throws with a reason people can act on. */
interface ChannelSender {

    void send(Channel channel, AlertNotice notice, String payload) throws DeliveryException;
}
