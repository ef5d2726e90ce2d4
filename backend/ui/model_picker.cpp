#include "ui/model_picker.h"

#include "core/clock.h"

#include <QNetworkAccessManager>
#include <QVariantMap>

namespace zerg {

ModelPicker::ModelPicker(ConfigSource config, QNetworkAccessManager* nam, Clock* clock,
                         QObject* parent)
    : QObject(parent), m_config(std::move(config)), m_nam(nam), m_clock(clock) {}

ModelPicker::~ModelPicker() = default;  // the catalog is a child: deleting it aborts its requests

void ModelPicker::refresh() {
    delete m_catalog.data();
    if (!m_nam)
        m_nam = new QNetworkAccessManager(this);
    if (!m_clock)
        m_clock = new SystemClock(this);
    m_catalog = new ModelCatalog(m_nam, m_config(), m_clock, this);
    connect(m_catalog, &ModelCatalog::sourceFinished, this, &ModelPicker::take);
    connect(m_catalog, &ModelCatalog::finished, this, [this] {
        take();
        m_loaded = true;
        m_catalog->deleteLater();
        m_catalog = nullptr;
        Q_EMIT changed();
    });
    m_catalog->start();
    take();
}

void ModelPicker::load() {
    if (!m_loaded && !m_catalog)
        refresh();
}

void ModelPicker::take() {
    m_models = m_catalog->models();
    m_sources = m_catalog->sources();
    Q_EMIT changed();
}

QVariantList ModelPicker::models() const {
    QVariantList list;
    for (const CatalogModel& m : m_models) {
        QStringList unusable;
        for (const auto& [role, word] : StatusTable<ModelRole>::names) {
            if (!m.usableFor(role))
                unusable.append(QLatin1String(word));
        }
        list.append(QVariantMap{
            {QStringLiteral("id"), m.id},
            {QStringLiteral("source"), statusName(m.source)},
            {QStringLiteral("sourceName"), sourceName(m.source)},
            {QStringLiteral("providerId"), m.providerId},
            {QStringLiteral("baseUrl"), m.baseUrl},
            {QStringLiteral("toolCalling"), statusName(m.toolCalling)},
            {QStringLiteral("toolNote"), toolNote(m.toolCalling)},
            {QStringLiteral("configured"), m.source == ModelSource::Configured},
            {QStringLiteral("unusableFor"), unusable},
        });
    }
    return list;
}

QVariantList ModelPicker::sources() const {
    QVariantList list;
    for (const CatalogSource& s : m_sources) {
        list.append(QVariantMap{
            {QStringLiteral("source"), statusName(s.source)},
            {QStringLiteral("name"), sourceName(s.source)},
            {QStringLiteral("url"), s.url},
            {QStringLiteral("state"), statusName(s.state)},
            {QStringLiteral("message"), s.message},
        });
    }
    return list;
}

QString ModelPicker::refusal(ModelRole role, const QString& model, ModelSource source) const {
    const QString id = model.trimmed();
    for (const CatalogModel& m : m_models) {
        if (m.source != source || m.id != id || m.usableFor(role))
            continue;
        return tr("%1 cannot call tools (its server says so), and tools are needed for %2. Pick "
                  "a model marked \"calls tools\", or one marked \"tool calling not known\" to try "
                  "it.")
            .arg(id, roleText(role));
    }
    return {};
}

std::optional<ModelRole> ModelPicker::roleOfSetting(const QString& key) {
    static const std::array<std::pair<const char*, ModelRole>, 5> keys{{
        {"llm/model", ModelRole::Supervisor},
        {"llm/worker_model", ModelRole::Worker},
        {"llm/quick_model", ModelRole::Quick},
        {"llm/decider_model", ModelRole::Decider},
        {"llm/summary_model", ModelRole::Summary},
    }};
    for (const auto& [k, role] : keys) {
        if (key == QLatin1String(k))
            return role;
    }
    return std::nullopt;
}

QString ModelPicker::roleText(ModelRole role) {
    switch (role) {
        case ModelRole::Supervisor:
            return tr("the supervisor");
        case ModelRole::Worker:
            return tr("the workers");
        case ModelRole::Quick:
            return tr("the quick path");
        case ModelRole::Decider:
            return tr("the decider");
        case ModelRole::Summary:
            return tr("the summaries");
    }
    return {};
}

QString ModelPicker::sourceName(ModelSource source) {
    return source == ModelSource::Configured ? tr("Configured provider") : serverName(source);
}

QString ModelPicker::toolNote(ToolCalling toolCalling) {
    switch (toolCalling) {
        case ToolCalling::Yes:
            return tr("calls tools");
        case ToolCalling::No:
            return tr("no tool calling");
        case ToolCalling::Unknown:
            return tr("tool calling not known");
    }
    return {};
}

}  // namespace zerg
