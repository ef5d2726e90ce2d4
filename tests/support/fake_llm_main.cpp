// zerg-fake-llm: the loopback LLM server as a program, for demos and for driving the app by hand.
//   zerg-fake-llm --scenario FILE [--port N] [--record FILE] [--data-root DIR]
// Prints ZERG_LLM_BASE_URL=http://127.0.0.1:PORT/v1 on stdout and serves until killed.
#include "fake_llm_server.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>

#include <cstdio>

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("zerg-fake-llm"));

    QCommandLineParser cli;
    cli.setApplicationDescription(
        QStringLiteral("Serves scripted OpenAI-compatible chat-completion streams on 127.0.0.1."));
    cli.addHelpOption();
    const QCommandLineOption scenario(QStringLiteral("scenario"),
                                      QStringLiteral("Scenario JSON file to serve."),
                                      QStringLiteral("FILE"));
    const QCommandLineOption port(QStringLiteral("port"),
                                  QStringLiteral("Port to listen on (default: a free one)."),
                                  QStringLiteral("N"), QStringLiteral("0"));
    const QCommandLineOption record(QStringLiteral("record"),
                                    QStringLiteral("Append each request body as a JSON line."),
                                    QStringLiteral("FILE"));
    const QCommandLineOption dataRoot(
        QStringLiteral("data-root"),
        QStringLiteral("Folder for relative sse_file/chunks_file paths (default: tests/fixtures)."),
        QStringLiteral("DIR"));
    cli.addOptions({scenario, port, record, dataRoot});
    cli.process(app);

    if (!cli.isSet(scenario)) {
        std::fprintf(stderr, "zerg-fake-llm: --scenario FILE is required (see --help).\n");
        return 2;
    }
    bool portOk = false;
    const uint portNumber = cli.value(port).toUInt(&portOk);
    if (!portOk || portNumber > 65535) {
        std::fprintf(stderr, "zerg-fake-llm: --port must be a number from 0 to 65535.\n");
        return 2;
    }

    zerg::test::FakeLlmServer server;
    if (cli.isSet(dataRoot))
        server.setDataRoot(cli.value(dataRoot));
    QString error;
    if (!server.loadScenarioFile(cli.value(scenario), &error)) {
        std::fprintf(stderr, "zerg-fake-llm: %s\n", qPrintable(error));
        return 1;
    }
    QFile recordFile;
    if (cli.isSet(record)) {
        recordFile.setFileName(cli.value(record));
        if (!recordFile.open(QIODevice::WriteOnly | QIODevice::Append)) {
            std::fprintf(stderr, "zerg-fake-llm: cannot write %s: %s\n",
                         qPrintable(recordFile.fileName()), qPrintable(recordFile.errorString()));
            return 1;
        }
        QObject::connect(
            &server, &zerg::test::FakeLlmServer::requestReceived, &server,
            [&recordFile](const QJsonObject& body) {
                recordFile.write(QJsonDocument(body).toJson(QJsonDocument::Compact) + '\n');
                recordFile.flush();  // the process ends by being killed
            });
    }
    if (!server.start(quint16(portNumber), &error)) {
        std::fprintf(stderr, "zerg-fake-llm: %s\n", qPrintable(error));
        return 1;
    }
    std::printf("ZERG_LLM_BASE_URL=%s\n", qPrintable(server.baseUrl()));
    std::fflush(stdout);
    return QCoreApplication::exec();
}
